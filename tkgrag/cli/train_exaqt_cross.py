"""`tkgrag train exaqt-cross`: fine-tune EXAQT's question-fact cross-encoder on TimeQuestions dev questions (CPU).

Runs EXAQT's Stage 1 over the connected instance for the dev questions once (in batches, as `train exaqt-ranker`
does) and caches each answer graph's facts with their gold labels as ``<out>/groups.jsonl`` (reused;
``--rebuild-cache`` builds it again), trains the cross-encoder from the local all-MiniLM-L6-v2 weights (checkpoints
in ``<out>/checkpoint``, resumed; ``--max-minutes`` stops early and a re-run goes on), then measures it on the
held-out 10% of dev.json (``--no-eval`` skips that) and writes ``card.md``, ``card.json`` and ``loss.png``.
``exaqt`` uses the model with ``--set scorer=cross`` (``cross_weight``: the share of the cross-encoder in the facts'
relevance).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings
from tkgrag.train.exaqt_cross import CrossTrainConfig


def default_out() -> Path:
    from tkgrag.retrievers.exaqt.cross import MODEL_NAME

    return settings().home / "models" / MODEL_NAME


@friendly_errors
def exaqt_cross(
    questions: Annotated[Path, typer.Argument(help="TimeQuestions dev.json (never a test file).")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Model folder (default $TKGRAG_HOME/models/exaqt-cross).")
    ] = None,
    limit: Annotated[int | None, typer.Option("--limit", help="Questions, round-robin over types.")] = None,
    val_percent: Annotated[int, typer.Option("--val-percent", min=1, max=50)] = 10,
    steps: Annotated[int, typer.Option("--steps", min=1)] = CrossTrainConfig.steps,
    batch_questions: Annotated[int, typer.Option("--batch-questions", min=1)] = CrossTrainConfig.batch_questions,
    negatives: Annotated[int, typer.Option("--negatives", min=1)] = CrossTrainConfig.negatives,
    lr: Annotated[float, typer.Option("--lr")] = CrossTrainConfig.lr,
    seed: Annotated[int, typer.Option("--seed")] = CrossTrainConfig.seed,
    checkpoint_every: Annotated[int, typer.Option("--checkpoint-every", min=1)] = CrossTrainConfig.checkpoint_every,
    max_minutes: Annotated[
        float, typer.Option("--max-minutes", help="Stop training after this long, save; run again to resume.")
    ] = 0.0,
    base_model: Annotated[str, typer.Option("--base-model")] = CrossTrainConfig.base_model,
    rebuild_cache: Annotated[bool, typer.Option("--rebuild-cache", help="Build groups.jsonl again.")] = False,
    fresh: Annotated[bool, typer.Option("--fresh", help="Ignore an existing checkpoint and start over.")] = False,
    evaluate: Annotated[
        bool, typer.Option("--eval/--no-eval", help="Measure on held-out dev and write the card (when trained).")
    ] = True,
) -> None:
    """Answer graphs of the dev questions (cached) -> cross-encoder (listwise loss) -> model, card and loss curve."""
    from tkgrag.api import TKGRag
    from tkgrag.eval import load_dataset
    from tkgrag.evaluation.runner import select_questions
    from tkgrag.progress import progress_bar, training_progress
    from tkgrag.retrievers.exaqt.retriever import ExaqtRetriever
    from tkgrag.retrievers.registry import method
    from tkgrag.train.exaqt_cross import (
        WEIGHTS,
        build_groups,
        check_cache,
        fact_figures,
        heldout_p1,
        load_groups,
        save_groups,
        train_cross,
        trainable,
        write_card,
    )
    from tkgrag.train.exaqt_relevance import check_questions_file, is_validation

    check_questions_file(questions)
    out = out or default_out()
    out.mkdir(parents=True, exist_ok=True)
    cache_path = out / "groups.jsonl"
    t0 = time.perf_counter()
    ds = load_dataset(questions, format="timequestions")
    chosen = select_questions(ds.questions, limit)
    config = CrossTrainConfig(
        base_model=base_model,
        steps=steps,
        batch_questions=batch_questions,
        negatives=negatives,
        lr=lr,
        seed=seed,
        checkpoint_every=checkpoint_every,
        max_minutes=max_minutes,
    )
    with TKGRag.connect() as rag:
        retriever = ExaqtRetriever(rag.store, rag.embedder, method("exaqt").configured())
        if rebuild_cache or not cache_path.exists():
            console.print(retriever.pipeline.relevance_note)
            bar = progress_bar("answer graphs", console=err_console)
            with bar:
                task = bar.add_task("questions", total=len(chosen))
                groups, meta = build_groups(
                    retriever,
                    chosen,
                    val_percent=val_percent,
                    limit=limit,
                    progress=lambda n, t: bar.update(task, advance=1),
                )
            save_groups(cache_path, groups, meta)
            console.print(f"answer graphs: {len(groups)} questions in {meta['seconds']} s -> {cache_path}")
        else:
            groups, meta = load_groups(cache_path)
            check_cache(meta, cache_path, val_percent=val_percent, limit=limit, questions=len(chosen))
            console.print(f"answer graphs: reusing {cache_path} ({len(groups)} questions)")
        console.print(f"training questions with a gold-stating fact: {len(trainable(groups))}")
        with training_progress("train exaqt-cross", config.steps, console=err_console) as progress:
            state = train_cross(groups, config, out, fresh=fresh, progress=progress)
        resumed = f" (resumed from step {state.resumed_from})" if state.resumed_from else ""
        console.print(f"trained {state.step} of {config.steps} steps{resumed} in {state.seconds / 60:.1f} min -> {out}")
        if state.step < config.steps:
            console.print("  stopped by --max-minutes: run the same command again to resume")
        if not evaluate or state.step < config.steps:
            return
        from tkgrag.retrievers.exaqt.cross import CrossScorer, load_cross, memo_pairs

        loaded, note = load_cross(str(out), 1.0)
        assert loaded is not None, note
        cross = CrossScorer(memo_pairs(loaded.score_pairs), 1.0)
        facts = fact_figures(cross.score_pairs, groups)
        held = [q for q in chosen if is_validation(q.id, val_percent)]
        p1 = heldout_p1(retriever, held, cross, WEIGHTS)
    command = "tkgrag train exaqt-cross " + " ".join(sys.argv[3:])
    card = write_card(out, config, state, meta, groups, facts, p1, command)
    console.print(f"whole command {(time.perf_counter() - t0) / 60:.1f} min")
    console.print(
        f"  held-out facts: MRR cross {facts.get('cross_mrr', 0):.3f} vs bi {facts.get('bi_mrr', 0):.3f}, "
        f"R@1 cross {facts.get('cross_r@1', 0):.3f} vs bi {facts.get('bi_r@1', 0):.3f}"
    )
    for k, v in p1.items():
        if k.startswith("p@1_"):
            console.print(f"  held-out dev {k}: {v:.3f}")
    console.print(f"  model card: {card}")
