"""`tkgrag train retriever`: fine-tune TimeR4's time-aware retriever (the TKS encoder) on this machine's CPU.

The ``train`` group (``tkgrag/cli/train_cmd.py``) registers ``retriever`` beside FastInsight's ``reranker``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings

DEFAULT_NAME = "timer4-retriever"


def default_out() -> Path:
    return settings().home / "models" / DEFAULT_NAME


@friendly_errors
def retriever(
    data: Annotated[Path, typer.Argument(help="Questions from benchmarks/make_timer4_training.py (JSONL).")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Model folder (default $TKGRAG_HOME/models/timer4-retriever).")
    ] = None,
    steps: Annotated[int, typer.Option("--steps", min=1)] = 200,
    batch_size: Annotated[int, typer.Option("--batch-size", min=2)] = 8,
    lr: Annotated[float, typer.Option("--lr")] = 1e-4,
    loss: Annotated[str, typer.Option("--loss", help="mnrl (default) or eq8 (the paper's Eq. 8).")] = "mnrl",
    hard_negatives: Annotated[int, typer.Option("--hard-negatives", min=0, max=3)] = 3,
    base_model: Annotated[str, typer.Option("--base-model")] = "all-MiniLM-L6-v2",
    checkpoint_every: Annotated[int, typer.Option("--checkpoint-every", min=1)] = 50,
    seed: Annotated[int, typer.Option("--seed")] = 13,
    max_minutes: Annotated[
        float, typer.Option("--max-minutes", help="Stop after this long, save the model; run again to resume.")
    ] = 0.0,
    fresh: Annotated[bool, typer.Option("--fresh", help="Ignore an existing checkpoint and start over.")] = False,
    no_validation: Annotated[bool, typer.Option("--no-validation", help="Skip recall before/after.")] = False,
) -> None:
    """Contrastive time-aware fine-tuning (TimeR4 Eq. 8 or MNRL, in-batch + hard negatives); resumes from its
    checkpoint when run again; writes the model, card.md, card.json and loss.png."""
    from tkgrag.progress import training_progress
    from tkgrag.train.card import write_card
    from tkgrag.train.retriever import TrainConfig, train

    config = TrainConfig(
        data=data,
        out=out or default_out(),
        base_model=base_model,
        steps=steps,
        batch_size=batch_size,
        hard_negatives=hard_negatives,
        lr=lr,
        loss=loss,
        checkpoint_every=checkpoint_every,
        seed=seed,
        max_minutes=max_minutes,
    )
    with training_progress("train retriever", steps, console=err_console) as progress:
        report = train(config, progress=progress, validate=not no_validation, fresh=fresh)
    card = write_card(config, report)
    resumed = f" (resumed from step {report.resumed_from})" if report.resumed_from else ""
    console.print(
        f"trained {report.steps_done} steps{resumed} in {report.seconds / 60:.1f} min -> {config.out / 'model'}"
    )
    for name, after in report.validation_after.items():
        console.print(f"  validation {name}: {report.validation_before.get(name, float('nan')):.3f} -> {after:.3f}")
    console.print(f"  model card: {card}")
