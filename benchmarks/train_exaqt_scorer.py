"""Train EXAQT's learned answer scorer (``tkgrag/retrievers/exaqt/scorer.py``) on TimeQuestions **dev** questions only
(never ``test_dev_half.json``, the evaluation set), over the answer graphs of the KG slice.

    python benchmarks/train_exaqt_scorer.py --limit 1200 --cache /tmp/exaqt2/dev_features.jsonl \\
        --out tkgrag/data/exaqt_scorer.json --report benchmarks/results/2026-11-25/exaqt-2

1. Features: every dev question runs through Stage 1 and the symbolic ranking; each candidate answer's ``FEATURES``
   and whether it is gold (an entity by QID or label; a date gold also by its year, since the slice states years)
   are appended to ``--cache`` one question per line. A re-run reads the cache and only runs the questions missing
   from it (the long part resumes where it stopped).
2. Split: questions whose id hashes to the last ``--val-percent`` percent are validation, the rest training; only
   questions with a gold answer among their candidates carry a training signal (the others count as misses in the
   validation P@1 of both rankings alike).
3. Training: the listwise softmax loss, full-batch gradient descent (``scorer.train``); the loss curve goes to
   ``<report>/scorer_loss.png``, the figures to ``<report>/scorer_training.json`` and the model card beside the model.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from tkgrag.api import TKGRag
from tkgrag.eval.matching import parse_time, same_answer
from tkgrag.eval.types import EvalQuestion
from tkgrag.evaluation.runner import select_questions
from tkgrag.question.understanding import parse_only
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.exaqt.config import ExaqtConfig
from tkgrag.retrievers.exaqt.ranking import FEATURES
from tkgrag.retrievers.exaqt.retriever import ExaqtRetriever
from tkgrag.retrievers.exaqt.scorer import Group, gated, top1, train
from tkgrag.sources.benchmarks import load_dataset

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "timequestions"


def gold_forms(q: EvalQuestion) -> list[str]:
    forms = [f for g in q.answers for f in g.forms]
    for g in q.answers:
        t = parse_time(g.text)
        if t is not None and t.start is not None:
            forms.append(f"{t.start.year:04d}")
    return forms


def is_gold(text: str, name: str, forms: list[str]) -> bool:
    return any(same_answer(text, f) or same_answer(name, f) for f in forms)


def extract(questions: list[EvalQuestion], cache: Path) -> None:
    done = set()
    if cache.exists():
        done = {json.loads(line)["qid"] for line in cache.read_text(encoding="utf-8").splitlines() if line}
    todo = [q for q in questions if q.id not in done]
    print(f"{len(done)} questions in {cache}, {len(todo)} to run", flush=True)
    if not todo:
        return
    cache.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    with TKGRag.connect() as rag, cache.open("a", encoding="utf-8") as fh:
        exaqt = ExaqtRetriever(rag.store, rag.embedder, ExaqtConfig())
        for n, q in enumerate(todo, 1):
            ag = exaqt.answer_graph(RetrievalRequest.of(q.question, 10, understanding=parse_only(q.question)))
            forms = gold_forms(q)
            rec = {
                "qid": q.id,
                "qtypes": q.meta.get("qtypes"),
                "answers": [
                    {"text": a.text, "kind": a.kind, "features": a.features, "gold": is_gold(a.text, a.name, forms)}
                    for a in ag.answers[:100]
                ],
            }
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
            if n % 50 == 0 or n == len(todo):
                fh.flush()
                print(f"{n}/{len(todo)} questions, {time.perf_counter() - t0:.0f} s", flush=True)


def is_validation(qid: str, percent: int) -> bool:
    return int(hashlib.sha1(qid.encode()).hexdigest(), 16) % 100 >= 100 - percent


def load_groups(cache: Path, percent: int) -> tuple[list[Group], list[Group], int, int]:
    """Training groups (with a gold candidate), validation groups (all, empty ones included), and the counts."""
    tr, va = [], []
    n_train = n_val = 0
    for line in cache.read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        x = np.array([a["features"] for a in rec["answers"]], dtype=float).reshape(-1, len(FEATURES))
        gold = np.array([a["gold"] for a in rec["answers"]], dtype=bool)
        g = Group(x, gold)
        if is_validation(rec["qid"], percent):
            n_val += 1
            va.append(g)
        else:
            n_train += 1
            if gold.any():
                tr.append(g)
    return tr, va, n_train, n_val


def plot(losses: list[float], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5, 3))
    ax.plot(range(1, len(losses) + 1), losses)
    ax.set_xlabel("gradient step (full batch)")
    ax.set_ylabel("listwise loss (train)")
    ax.set_title("EXAQT answer scorer")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--questions", type=Path, default=DATA / "questions" / "dev.json")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--cache", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True, help="the scorer JSON (its model card is written beside it)")
    ap.add_argument("--report", type=Path, required=True, help="folder for the loss curve and the figures")
    ap.add_argument("--val-percent", type=int, default=20)
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--lr", type=float, default=0.5)
    ap.add_argument("--l2", type=float, default=1e-3)
    args = ap.parse_args()
    if "test" in args.questions.name:
        raise SystemExit(f"--questions {args.questions}: the scorer is trained on dev questions only, not the test set")

    ds = load_dataset(args.questions, format="timequestions")
    extract(select_questions(ds.questions, args.limit), args.cache)
    tr, va, n_train, n_val = load_groups(args.cache, args.val_percent)
    t0 = time.perf_counter()
    scorer, losses = train(tr, steps=args.steps, lr=args.lr, l2=args.l2)
    seconds = time.perf_counter() - t0
    symbolic = [np.zeros(len(g.gold)) - np.arange(len(g.gold)) for g in va]  # the cache keeps the symbolic order
    learned = [gated(g, np.array([scorer.score(r) for r in g.x])) for g in va]  # as rank_answers orders them
    va_reach = sum(bool(g.gold.any()) for g in va)
    figures: dict[str, Any] = {
        "questions": str(args.questions),
        "limit": args.limit,
        "train_questions": n_train,
        "train_questions_with_gold": len(tr),
        "validation_questions": n_val,
        "validation_with_gold_candidate": va_reach,
        "steps": args.steps,
        "lr": args.lr,
        "l2": args.l2,
        "train_seconds": round(seconds, 2),
        "loss_first_last": [round(losses[0], 4), round(losses[-1], 4)],
        "validation_p@1_symbolic": round(top1(va, symbolic), 4),
        "validation_p@1_learned": round(top1(va, learned), 4),
        "weights": dict(zip(FEATURES, [round(w, 4) for w in scorer.weights], strict=True)),
    }
    args.report.mkdir(parents=True, exist_ok=True)
    plot(losses, args.report / "scorer_loss.png")
    (args.report / "scorer_training.json").write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    scorer.save(args.out)
    card = args.out.with_suffix(".md")
    card.write_text(model_card(figures, args), encoding="utf-8")
    print(json.dumps(figures, indent=2))


def model_card(f: dict[str, Any], args: argparse.Namespace) -> str:
    weights = "\n".join(f"| `{k}` | {v} |" for k, v in f["weights"].items())
    return f"""# EXAQT answer scorer (`exaqt_scorer.json`)

A linear scorer over the answer-graph features of each candidate answer (`tkgrag/retrievers/exaqt/ranking.py`,
`FEATURES`), the stand-in for EXAQT's R-GCN answer classifier (Sec. 4), which needs a GPU. Used by
`--method exaqt --set scorer=learned` (the symbolic ranking is the default; see the report for both).

- **Data**: TimeQuestions `dev.json` only ({f["train_questions"] + f["validation_questions"]} questions, `--limit
  {f["limit"]}` round-robin over question types), answer graphs over TimeR4's KG slice. Never the evaluation file
  `test_dev_half.json`. Split by question id hash: {f["train_questions"]} training questions
  ({f["train_questions_with_gold"]} with a gold answer among their candidates, the only ones with a signal),
  {f["validation_questions"]} validation ({f["validation_with_gold_candidate"]} with a gold candidate).
- **Labels**: a candidate is gold when it matches a gold answer (entity QID or label; a date gold also by its year,
  the slice's precision).
- **Training**: listwise softmax loss (-log of the probability mass on the gold candidates), features standardised,
  {f["steps"]} full-batch gradient steps, learning rate {f["lr"]}, L2 {f["l2"]}; {f["train_seconds"]} s on CPU.
  Loss {f["loss_first_last"][0]} -> {f["loss_first_last"][1]} (curve: `scorer_loss.png` in the report folder
  `{args.report}`). No checkpoints: training takes seconds; the feature extraction (the long part) resumes from its
  cache.
- **Validation P@1** (dev validation questions, answers at year precision): symbolic
  {f["validation_p@1_symbolic"]}, learned {f["validation_p@1_learned"]} (ranked as `rank_answers` ranks with a scorer:
  within the exact temporal tier and ordinal position first).
- **Use**: the scorer orders answers only within the exact temporal tier and ordinal position (`ranking.exact_key`);
  its weights alone would not keep "first" or "in 1971" exact (the ordinal weights learned from dev are near 0).
- **Command**: `python benchmarks/train_exaqt_scorer.py --limit {f["limit"]} --cache <features.jsonl> --out
  {args.out} --report {args.report}`

| feature | weight (standardised) |
|---|---|
{weights}
"""


if __name__ == "__main__":
    main()
