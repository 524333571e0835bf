"""The loss curve PNG of a model card, shared by every model tkgrag trains (the time-aware retriever, the reranker)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def plot_losses(
    losses: Sequence[float], path: Path, title: str, *, ylabel: str = "loss", window: int | None = None
) -> bool:
    """Per-step losses and their running mean over ``window`` steps (default: a 25th of the run) as a PNG.
    Returns False when matplotlib (a dev dependency) is missing, so a finished training still writes its card."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    w = window if window is not None else max(1, len(losses) // 25)
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(range(1, len(losses) + 1), losses, lw=0.6, alpha=0.5, label="per step")
    if len(losses) >= w:
        smooth = [sum(losses[i - w + 1 : i + 1]) / w for i in range(w - 1, len(losses))]
        ax.plot(range(w, len(losses) + 1), smooth, lw=1.6, label=f"mean of {w}")
    ax.set_xlabel("step")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True
