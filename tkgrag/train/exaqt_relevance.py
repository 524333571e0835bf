"""Fine-tuning EXAQT's question-fact relevance model (``retrievers/exaqt/relevance.py``) on TimeQuestions dev questions.

1. ``build_pairs``: every question runs through EXAQT's NERD on the graph; the facts of its entities are scored by the
   base bi-encoder and those naming an entity the question names are split by distant supervision into positives and
   hard negatives (``distant_pairs``). One row per positive (at most ``max_positives`` a question) in the format
   ``train.retriever.load_examples`` reads, split into train/validation by a hash of the question id. Validation rows
   also carry the question's ``pool``: its positives and its ``pool`` hardest negatives, for the figures below.
2. ``train_relevance``: the project's contrastive trainer (``train.retriever.train``: MNRL with in-batch and hard
   negatives, checkpoints, resume, seed) with ``frozen_documents`` (the question tower only), then the model card.

Within-question figures (the ones Stage 1 depends on): for each validation question, the rank of its best positive
among its pool by cosine; recall@25 (the paper's top-25 relevance cut) and MRR, base model vs fine-tuned. The pool
holds the base model's hardest negatives only, so a negative outside it that the fine-tuned model lifts is missed:
the "after" figures are an upper bound of the real cut; the benchmark measures the real one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.eval.types import EvalQuestion
from tkgrag.queries import exaqt as q
from tkgrag.retrievers.exaqt.relevance import PairFact, distant_pairs
from tkgrag.store import Store
from tkgrag.train.card import fmt_figure
from tkgrag.train.plots import plot_losses
from tkgrag.train.questions import read_jsonl, write_jsonl
from tkgrag.train.retriever import TrainConfig, TrainReport, load_model, train

NEGATIVE_TYPE = "entity"  # hard negative: another fact of the same question entities
RECALL_AT = 25  # the paper's |{f_qrel}| = 25 (Sec. 3.2)


@dataclass
class PairStats:
    questions: int = 0
    linked: int = 0
    with_positive: int = 0
    rows_train: int = 0
    rows_validation: int = 0


def is_validation(qid: str, percent: int) -> bool:
    return int(hashlib.sha1(qid.encode()).hexdigest(), 16) % 100 >= 100 - percent


def gold_forms(question: EvalQuestion) -> list[str]:
    return [f for g in question.answers for f in g.forms]


def build_pairs(
    store: Store,
    embedder: Embedder,
    questions: Sequence[EvalQuestion],
    out: Path,
    *,
    val_percent: int = 10,
    negatives: int = 3,
    max_positives: int = 2,
    pool: int = 50,
    progress: Callable[[int, int], None] | None = None,
) -> PairStats:
    """Distant-supervision rows for ``questions`` into ``out`` (JSONL, written atomically)."""
    from tkgrag.retrievers.exaqt.answer_graph import ExaqtPipeline
    from tkgrag.retrievers.exaqt.config import ExaqtConfig
    from tkgrag.retrievers.exaqt.nerd import link_question

    config = ExaqtConfig(relevance_model="base")
    pipeline = ExaqtPipeline(store, embedder, config)
    lexicon = pipeline.lexicon.get()
    stats = PairStats()
    rows: list[dict[str, Any]] = []
    for n, question in enumerate(questions, 1):
        stats.questions += 1
        qvec = embedder.encode([question.question])[0].tolist()
        nerd = link_question(store, lexicon, question.question, qvec, config)
        if nerd.entities:
            stats.linked += 1
            cands = pipeline.facts_of(nerd.entities, qvec, config.candidate_facts, False)
            facts = [
                PairFact(
                    c.key,
                    c.relevance,
                    tuple((e.key, e.name) for e in c.entities),
                    c.value,
                    frozenset(d.year for d in (c.span.start, c.span.end) if d is not None),
                )
                for c in cands
            ]
            # anchors: the entities the question names (dense context entities only when it names none); a date
            # gold matched by year through a context entity's fact is mostly a coincidence (measured on 40 dev
            # questions: "Lady Gaga record label Def Jam in 2005" for Rihanna's first song)
            pairs = distant_pairs(facts, nerd.named or nerd.entities, gold_forms(question))
            if pairs.positives:
                stats.with_positive += 1
                val = is_validation(question.id, val_percent)
                keep_neg = pairs.negatives[: max(negatives, pool if val else 0)]
                texts = _texts(store, [*pairs.positives, *keep_neg])
                qtypes = question.meta.get("qtypes")
                qtype = ",".join(str(t) for t in qtypes) if isinstance(qtypes, list) else "?"
                meta = {"qid": question.id, "qtype": qtype}
                for pos in pairs.positives[:max_positives]:
                    row: dict[str, Any] = {
                        **meta,
                        "question": question.question,
                        "split": "validation" if val else "train",
                        "positive": {"key": pos, "text": texts[pos]},
                        "negatives": [
                            {"key": k, "text": texts[k], "type": NEGATIVE_TYPE} for k in keep_neg[:negatives]
                        ],
                    }
                    if val:
                        row["pool"] = {
                            "positives": [texts[k] for k in pairs.positives],
                            "negatives": [texts[k] for k in keep_neg],
                        }
                    rows.append(row)
                    if val:
                        stats.rows_validation += 1
                    else:
                        stats.rows_train += 1
        if progress is not None:
            progress(n, len(questions))
    write_jsonl(out, rows)
    return stats


def _texts(store: Store, keys: Sequence[str]) -> dict[str, str]:
    return {r["key"]: str(r["text"] or "") for r in store.run(q.FACT_TEXTS, {"keys": list(keys)})}


def within_question_figures(question_model: Any, doc_model: Any, rows: Sequence[dict[str, Any]]) -> dict[str, float]:
    """recall@25 and MRR of each validation question's best positive within its pool (module docstring)."""
    pools = {r["qid"]: (r["question"], r["pool"]) for r in rows if r.get("split") == "validation" and "pool" in r}
    if not pools:
        return {}
    texts = list(dict.fromkeys(t for _, p in pools.values() for t in (*p["positives"], *p["negatives"])))
    where = {t: i for i, t in enumerate(texts)}
    dv = doc_model.encode(texts, batch_size=128, convert_to_numpy=True, normalize_embeddings=True)
    qv = question_model.encode(
        [qt for qt, _ in pools.values()], batch_size=128, convert_to_numpy=True, normalize_embeddings=True
    )
    hits = rr = 0.0
    for i, (_, p) in enumerate(pools.values()):
        pos = max(float(dv[where[t]] @ qv[i]) for t in p["positives"])
        neg = np.array([float(dv[where[t]] @ qv[i]) for t in p["negatives"]])
        rank = int((neg > pos).sum()) + 1
        hits += rank <= RECALL_AT
        rr += 1.0 / rank
    n = len(pools)
    return {"questions": float(n), f"recall@{RECALL_AT}_in_question": hits / n, "mrr_in_question": rr / n}


@dataclass
class RelevanceReport:
    train: TrainReport
    within_before: dict[str, float]
    within_after: dict[str, float]


def train_relevance(
    config: TrainConfig, *, progress: Callable[[int, int, float], None] | None = None, fresh: bool = False
) -> RelevanceReport:
    """The project's trainer on the question tower only, then the within-question figures before and after."""
    if not config.frozen_documents:
        config = replace(config, frozen_documents=True)
    report = train(config, progress=progress, validate=True, fresh=fresh)
    rows = read_jsonl(config.data)
    base = load_model(config.base_model, config.max_seq_length).eval()
    tuned = load_model(str(config.out / "model"), config.max_seq_length).eval()
    before = within_question_figures(base, base, rows)
    return RelevanceReport(report, before, within_question_figures(tuned, base, rows))


def check_questions_file(path: Path) -> None:
    """The relevance model learns from dev questions only: refuse the evaluation file."""
    if "test" in path.name:
        raise ConfigError(f"{path}: the relevance model is trained on dev questions only, never on a test file")


def write_card(
    config: TrainConfig, result: RelevanceReport, stats: dict[str, Any] | None = None, command: str = ""
) -> Path:
    """``out/card.md`` + ``out/card.json`` + ``out/loss.png``."""
    report = result.train
    plot_losses(report.losses, config.out / "loss.png", "EXAQT relevance model (MNRL, question tower)")
    last = report.losses[-20:]
    card = {
        "model": str(config.out / "model"),
        "config": config.identity(),
        "pairs": stats or {},
        "steps": report.steps_done,
        "resumed_from": report.resumed_from,
        "train_seconds": round(report.seconds, 1),
        "final_loss_mean_last_20": sum(last) / max(1, len(last)),
        "validation_before": report.validation_before,
        "validation_after": report.validation_after,
        "within_question_before": result.within_before,
        "within_question_after": result.within_after,
    }
    (config.out / "card.json").write_text(json.dumps(card, indent=2, default=str), encoding="utf-8")
    table = [
        f"| {where}: {k} | {fmt_figure(b.get(k, float('nan')))} | {fmt_figure(a[k])} |"
        for where, b, a in (
            ("pooled", report.validation_before, report.validation_after),
            ("within question", result.within_before, result.within_after),
        )
        for k in a
        if a[k] == a[k]  # no time negatives here: the trainer's time figure is NaN
    ]
    lines = [
        "# EXAQT question-fact relevance model",
        "",
        f"`{config.base_model}` with its question tower fine-tuned by `tkgrag train exaqt-relevance` (EXAQT Sec. 3.2 "
        "fine-tunes BERT for question-fact relevance by distant supervision): MultipleNegativesRankingLoss over each "
        f"question's positive fact, the in-batch positives and {config.hard_negatives} hard negatives (other facts of "
        "the same question entities). The document tower stays the base model, so the fact index's stored vectors "
        "are used as they are.",
        "",
        "## Data",
        f"- `{config.data}` (sha256 `{config.identity()['data_sha256'][:16]}...`): TimeQuestions **dev.json** only "
        "(never test_dev_half.json), facts of TimeR4's KG slice; positives = facts joining a NERD question entity "
        "to a gold answer (entity, value, or the year of a date answer), hard negatives = the other facts of those "
        "entities, highest base relevance first.",
        "- " + ", ".join(f"{k} {v:,}" for k, v in (stats or {}).items()),
        "",
        "## Training",
        f"- {report.steps_done} of {config.steps} steps x batch {config.batch_size}, lr {config.lr} (warm-up "
        f"{config.warmup:.0%}, linear decay), max length {config.max_seq_length}, seed {config.seed}, token "
        f"embeddings {'frozen' if config.freeze_embeddings else 'trained'}",
        f"- wall time {report.seconds / 60:.1f} min on this machine's CPU"
        + (f"; resumed from step {report.resumed_from}" if report.resumed_from else ""),
        f"- mean loss of the last 20 steps {card['final_loss_mean_last_20']:.4f}"
        + (f" (first step {report.losses[0]:.4f})" if report.losses else ""),
        *([f"- command: `{command}`"] if command else []),
        "",
        "![loss](loss.png)",
        "",
        "## Held-out dev questions (validation split by question-id hash)",
        "",
        "Pooled: every validation positive and negative in one pool. Within question: the best positive's rank "
        f"among its question's {RECALL_AT}-cut candidates (its pool of base-hardest negatives; an upper bound of "
        "the real cut for the fine-tuned model).",
        "",
        "| figure | base model | fine-tuned |",
        "|---|---|---|",
        *table,
        "",
    ]
    path = config.out / "card.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
