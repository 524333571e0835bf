"""`tkgrag train exaqt-relevance`: fine-tune EXAQT's question-fact relevance model on TimeQuestions dev questions.

Builds the distant-supervision pairs over the connected instance's graph (NERD + the facts of the question
entities; cached as ``<out>/pairs.jsonl`` and reused), then trains the question tower with the project's contrastive
trainer (checkpoints, resume, seed) and writes the model card. The ``exaqt`` method uses the model when it is there.
"""

from __future__ import annotations

import sys
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings


def default_out() -> Path:
    from tkgrag.retrievers.exaqt.relevance import MODEL_NAME

    return settings().home / "models" / MODEL_NAME


@friendly_errors
def exaqt_relevance(
    questions: Annotated[Path, typer.Argument(help="TimeQuestions dev.json (never a test file).")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Model folder (default $TKGRAG_HOME/models/exaqt-relevance).")
    ] = None,
    limit: Annotated[int | None, typer.Option("--limit", help="Questions, round-robin over types.")] = None,
    val_percent: Annotated[int, typer.Option("--val-percent", min=1, max=50)] = 10,
    # 1,200 steps at lr 1e-4: the configuration chosen on the held-out dev split (within-question MRR 0.824, against
    # 0.764 for 600 steps at 5e-5 and 0.790 for 600 at 1e-4; benchmarks/results/2026-11-25/exaqt-3/), 6.1 min here.
    steps: Annotated[int, typer.Option("--steps", min=1)] = 1200,
    batch_size: Annotated[int, typer.Option("--batch-size", min=2)] = 8,
    lr: Annotated[float, typer.Option("--lr")] = 1e-4,
    hard_negatives: Annotated[int, typer.Option("--hard-negatives", min=0, max=3)] = 3,
    base_model: Annotated[str, typer.Option("--base-model")] = "all-MiniLM-L6-v2",
    checkpoint_every: Annotated[int, typer.Option("--checkpoint-every", min=1)] = 100,
    seed: Annotated[int, typer.Option("--seed")] = 13,
    max_minutes: Annotated[
        float, typer.Option("--max-minutes", help="Stop after this long, save the model; run again to resume.")
    ] = 0.0,
    rebuild_pairs: Annotated[bool, typer.Option("--rebuild-pairs", help="Build pairs.jsonl again.")] = False,
    fresh: Annotated[bool, typer.Option("--fresh", help="Ignore an existing checkpoint and start over.")] = False,
) -> None:
    """Distant supervision (facts joining a question entity to a gold answer vs the entities' other facts) + MNRL
    fine-tuning of the question encoder; writes the model, pairs.jsonl, card.md, card.json and loss.png."""
    from tkgrag.api import TKGRag
    from tkgrag.evaluation.runner import select_questions
    from tkgrag.progress import progress_bar, training_progress
    from tkgrag.sources.benchmarks import load_dataset
    from tkgrag.train.exaqt_relevance import build_pairs, check_questions_file, train_relevance, write_card
    from tkgrag.train.questions import read_jsonl
    from tkgrag.train.retriever import TrainConfig

    check_questions_file(questions)
    out = out or default_out()
    pairs = out / "pairs.jsonl"
    stats: dict[str, int] = {}
    if rebuild_pairs or not pairs.exists():
        ds = load_dataset(questions, format="timequestions")
        chosen = select_questions(ds.questions, limit)
        bar = progress_bar("distant supervision", console=err_console)
        with bar, TKGRag.connect() as rag:
            task = bar.add_task("questions", total=len(chosen))
            built = build_pairs(
                rag.store,
                rag.embedder,
                chosen,
                pairs,
                val_percent=val_percent,
                negatives=hard_negatives,
                progress=lambda n, total: bar.update(task, advance=1),
            )
        stats = asdict(built)
        console.print(f"pairs: {stats} -> {pairs}")
    else:
        rows = read_jsonl(pairs)
        stats = {
            "rows_train": sum(r["split"] == "train" for r in rows),
            "rows_validation": sum(r["split"] == "validation" for r in rows),
            "questions_with_positive": len({r["qid"] for r in rows}),
        }
        console.print(f"pairs: reusing {pairs} ({stats})")
    config = TrainConfig(
        data=pairs,
        out=out,
        base_model=base_model,
        steps=steps,
        batch_size=batch_size,
        hard_negatives=hard_negatives,
        lr=lr,
        checkpoint_every=checkpoint_every,
        seed=seed,
        max_minutes=max_minutes,
        frozen_documents=True,
    )
    with training_progress("train exaqt-relevance", steps, console=err_console) as progress:
        result = train_relevance(config, progress=progress, fresh=fresh)
    card = write_card(config, result, stats, "tkgrag train exaqt-relevance " + " ".join(sys.argv[3:]))
    report = result.train
    resumed = f" (resumed from step {report.resumed_from})" if report.resumed_from else ""
    console.print(f"trained {report.steps_done} steps{resumed} in {report.seconds / 60:.1f} min -> {out / 'model'}")
    for name, after in result.within_after.items():
        console.print(f"  within question {name}: {result.within_before.get(name, float('nan')):.3f} -> {after:.3f}")
    console.print(f"  model card: {card}")
