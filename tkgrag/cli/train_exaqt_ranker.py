"""`tkgrag train exaqt-ranker`: train EXAQT's Stage 2 R-GCN answer ranker on TimeQuestions dev questions (CPU).

Runs EXAQT's Stage 1 over the connected instance for every question once (in batches of questions, one round trip
per step; timings in benchmarks/results/2026-11-26/exaqt-7) and caches the answer graphs as
``<out>/graphs.npz`` (reused; ``--rebuild-cache`` builds it again), then trains the relational GCN from the cache
(checkpoints in ``<out>/state.pt``, resumed) and writes ``model.pt``, ``card.md``, ``card.json`` and ``loss.png``.
``exaqt`` uses the model with ``--set scorer=rgcn``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings
from tkgrag.train.exaqt_ranker import RankerTrainConfig


def default_out() -> Path:
    return settings().home / "models" / "exaqt-ranker"


@friendly_errors
def exaqt_ranker(
    questions: Annotated[Path, typer.Argument(help="TimeQuestions dev.json (never a test file).")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Model folder (default $TKGRAG_HOME/models/exaqt-ranker).")
    ] = None,
    limit: Annotated[int | None, typer.Option("--limit", help="Questions, round-robin over types.")] = None,
    val_percent: Annotated[int, typer.Option("--val-percent", min=1, max=50)] = 10,
    epochs: Annotated[int, typer.Option("--epochs", min=1)] = RankerTrainConfig.epochs,
    batch_size: Annotated[int, typer.Option("--batch-size", min=1)] = 32,
    lr: Annotated[float, typer.Option("--lr")] = 3e-3,
    dim: Annotated[int, typer.Option("--dim", min=4)] = 32,
    layers: Annotated[int, typer.Option("--layers", min=0, max=4)] = 2,
    dropout: Annotated[float, typer.Option("--dropout", min=0.0, max=0.9)] = 0.1,
    seed: Annotated[int, typer.Option("--seed")] = 13,
    checkpoint_every: Annotated[int, typer.Option("--checkpoint-every", min=1)] = 5,
    max_minutes: Annotated[
        float, typer.Option("--max-minutes", help="Stop after this long, save the model; run again to resume.")
    ] = 0.0,
    rebuild_cache: Annotated[bool, typer.Option("--rebuild-cache", help="Build graphs.npz again.")] = False,
    fresh: Annotated[bool, typer.Option("--fresh", help="Ignore an existing checkpoint and start over.")] = False,
    exact: Annotated[
        bool,
        typer.Option(
            "--exact/--tiers-as-features",
            help="The mode the model is used in (--set rgcn_exact=...); it picks the held-out epoch kept.",
        ),
    ] = RankerTrainConfig.exact,
) -> None:
    """Answer graphs of the dev questions (cached) -> R-GCN with a listwise loss -> model, card and loss curve."""
    from tkgrag.train.exaqt_ranker import CachedGraphs, build_cache, train_ranker, write_card
    from tkgrag.train.exaqt_relevance import check_questions_file

    check_questions_file(questions)
    out = out or default_out()
    out.mkdir(parents=True, exist_ok=True)
    cache_path = out / "graphs.npz"
    t0 = time.perf_counter()
    if rebuild_cache or not cache_path.exists():
        from tkgrag.api import TKGRag
        from tkgrag.eval import load_dataset
        from tkgrag.evaluation.runner import select_questions
        from tkgrag.progress import progress_bar
        from tkgrag.retrievers.exaqt.retriever import ExaqtRetriever
        from tkgrag.retrievers.registry import method

        ds = load_dataset(questions, format="timequestions")
        chosen = select_questions(ds.questions, limit)
        bar = progress_bar("answer graphs", console=err_console)
        with bar, TKGRag.connect() as rag:
            task = bar.add_task("questions", total=len(chosen))
            retriever = ExaqtRetriever(rag.store, rag.embedder, method("exaqt").configured())
            console.print(retriever.pipeline.relevance_note)
            cache = build_cache(
                retriever, chosen, val_percent=val_percent, progress=lambda n, total: bar.update(task, advance=1)
            )
        cache.save(cache_path)
        console.print(f"answer graphs: {len(cache)} questions in {cache.meta['seconds']} s -> {cache_path}")
    else:
        cache = CachedGraphs.load(cache_path)
        console.print(f"answer graphs: reusing {cache_path} ({len(cache)} questions)")
    config = RankerTrainConfig(
        epochs=epochs,
        batch_size=batch_size,
        lr=lr,
        dim=dim,
        layers=layers,
        dropout=dropout,
        seed=seed,
        checkpoint_every=checkpoint_every,
        max_minutes=max_minutes,
        exact=exact,
    )
    from tkgrag.progress import training_progress

    n_train = sum(
        1 for i in range(len(cache)) if not cache.validation[i] and cache.gold[i].any() and cache.graphs[i].answers > 1
    )
    total = ((n_train + batch_size - 1) // batch_size) * epochs
    with training_progress("train exaqt-ranker", total, console=err_console) as progress:
        report = train_ranker(cache, config, out, fresh=fresh, progress=progress)
    card = write_card(out, config, report, cache, "tkgrag train exaqt-ranker " + " ".join(sys.argv[3:]))
    resumed = f" (resumed from epoch {report.resumed_from})" if report.resumed_from else ""
    console.print(
        f"trained {report.epochs_done} epochs{resumed} in {report.seconds / 60:.1f} min "
        f"(with the answer graphs {(time.perf_counter() - t0) / 60:.1f} min) -> {out / 'model.pt'}"
    )
    kept = report.validation[report.best_epoch - 1] if report.validation and report.best_epoch else {}
    mode = "tiers exact" if exact else "tiers as features"
    console.print(f"  model.pt keeps epoch {report.best_epoch} (best held-out dev P@1, {mode})")
    for k in ("p@1_rgcn_exact", "p@1_rgcn_features", "p@1_relevance_exact", "p@1_relevance_features", "p@1_symbolic"):
        if k in kept:
            console.print(f"  held-out dev {k}: {kept[k]:.3f}")
    console.print(f"  model card: {card}")
