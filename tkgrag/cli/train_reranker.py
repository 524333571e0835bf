"""`tkgrag train reranker`: the cross-encoder FastInsight's GRanker and the Re2 baseline use.

The ``train`` group (``tkgrag/cli/train_cmd.py``) registers ``reranker`` beside TimeR4's ``retriever``.
"""

from __future__ import annotations

from pathlib import Path

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings
from tkgrag.progress import progress_bar

_DEFAULT_DATA = (
    "../shared/data/timeqa/human_annotated_train.json",
    "../shared/data/menatqa/menatqa_dev.json",
)


@friendly_errors
def reranker(
    data: list[Path] = typer.Option(  # noqa: B008
        None, "--data", help="Training sets (TimeQA / MenatQA JSON); default: the shared TimeQA train + MenatQA."
    ),
    out: Path | None = typer.Option(  # noqa: B008
        None, "--out", help="Model folder (default $TKGRAG_HOME/models/reranker-minilm)."
    ),
    steps: int = typer.Option(380, "--steps", min=1, help="Optimizer steps (see the model card for the time)."),
    batch_questions: int = typer.Option(8, "--batch-questions", min=1, help="Questions per step (x5 pairs)."),
    distill_weight: float = typer.Option(
        0.5, "--distill-weight", min=0, max=1, help="Weight of the bi-encoder distillation target (0: labels only)."
    ),
    lr: float = typer.Option(5e-5, "--lr", min=0, help="Encoder learning rate (the new head: 20x)."),
    max_length: int = typer.Option(128, "--max-length", min=16, help="Tokens per (question, passage) pair."),
    seed: int = typer.Option(13, "--seed"),
    max_minutes: float = typer.Option(0.0, "--max-minutes", min=0, help="Stop training after this long (0: none)."),
    max_heldout: int = typer.Option(200, "--max-heldout", min=1, help="Held-out questions scored at the end."),
    base_model: str = typer.Option("sentence-transformers/all-MiniLM-L6-v2", "--base-model"),
) -> None:
    """Fine-tune a cross-encoder from the offline MiniLM weights on question / gold passage pairs with hard
    negatives (bi-encoder top hits that are not gold). Resumes from its last checkpoint when re-run."""
    from tkgrag.rerank.cross_encoder import default_reranker_path
    from tkgrag.train.reranker import TrainConfig, train

    paths = [str(p) for p in (data or [Path(p) for p in _DEFAULT_DATA])]
    for p in paths:
        if not Path(p).is_file():
            raise typer.BadParameter(f"training data {p} does not exist", param_hint="--data")
    cfg = TrainConfig(
        base_model=base_model,
        steps=steps,
        batch_questions=batch_questions,
        distill_weight=distill_weight,
        lr=lr,
        head_lr=20 * lr,
        max_length=max_length,
        seed=seed,
        datasets=tuple(paths),
        max_minutes=max_minutes,
        max_heldout=max_heldout,
    )
    target = out or default_reranker_path(settings().home)
    with progress_bar("train reranker", console=err_console, with_status=True) as bar:
        task = bar.add_task("steps", total=steps, status="")

        def tick(step: int, total: int, loss: float) -> None:
            bar.update(task, advance=1, status=f"loss {loss:.3f}")

        m = train(cfg, target, progress=tick)
    console.print(f"Cross-encoder written to {target} ({m['steps']} steps, {m['train_seconds']} s).")
    for kind, h in m.get("heldout", {}).items():
        console.print(
            f"Held-out, {kind} negatives ({h['questions']} questions, gold among {h['candidates_per_question']:.1f}): "
            f"MRR {h['mrr']:.3f} (bi-encoder {h['bi_encoder_mrr']:.3f}), R@1 {h['r@1']:.3f} "
            f"(bi-encoder {h['bi_encoder_r@1']:.3f})"
        )
