"""Loading a training checkpoint that sits in a folder someone else may have written to.

A pickle runs code while it loads, so a crafted ``state.pt`` in an ``--out`` folder would run as the user. Checkpoints
hold only tensors and plain values (numbers, strings, lists, tuples, dicts), which torch's ``weights_only`` loader
reads without running anything; anything else is refused with the path and what to do."""

from __future__ import annotations

import pickle
import random
import re
import shutil
from pathlib import Path
from typing import Any

from tkgrag.errors import ConfigError


class CheckpointError(ConfigError):
    """A checkpoint refused (it could run code) or unreadable; a caller that owns the folder may start over."""


def load_checkpoint(path: Path, *, remedy: str = "delete it (or pass --fresh) to start over") -> dict[str, Any]:
    """The dict in ``path``, loaded with ``weights_only=True`` on the CPU; a ConfigError names the file when it holds
    anything but tensors and plain values, or is not a readable checkpoint."""
    import torch

    try:
        state = torch.load(path, weights_only=True, map_location="cpu")
    except pickle.UnpicklingError as exc:
        found = re.search(r"Unsupported global: GLOBAL (\S+)", str(exc))
        what = f" ({found.group(1)})" if found else ""
        raise CheckpointError(
            f"{path}: refused to load: the checkpoint holds objects other than tensors and plain values{what}, which "
            f"could run code when loaded (a checkpoint tkgrag writes holds none); {remedy}"
        ) from None
    except (RuntimeError, EOFError, OSError, ValueError) as exc:
        said = str(exc).split(".")[0][:200]
        raise CheckpointError(f"{path}: not a readable checkpoint ({type(exc).__name__}: {said}); {remedy}") from None
    if not isinstance(state, dict):
        raise CheckpointError(f"{path}: not a tkgrag checkpoint (holds a {type(state).__name__}, not a dict); {remedy}")
    return state


def save_model_checkpoint(
    ckpt: Path, model: Any, tok: Any, opt: Any, sched: Any, rng: random.Random, state: str
) -> None:
    """A Hugging Face model, its tokenizer, the optimiser, scheduler and random states (``optim.pt``) and the trainer's
    own ``state`` (JSON text, ``state.json``) written to ``ckpt``: first to a sibling ``checkpoint.tmp`` (a leftover
    from an interrupted write is cleared), then renamed over the old checkpoint, so an interruption leaves the last
    whole checkpoint in place."""
    import torch

    tmp = ckpt.with_name("checkpoint.tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    model.save_pretrained(tmp)
    tok.save_pretrained(tmp)
    torch.save(
        {
            "opt": opt.state_dict(),
            "sched": sched.state_dict(),
            "rng": rng.getstate(),
            "torch_rng": torch.get_rng_state(),
        },
        tmp / "optim.pt",
    )
    (tmp / "state.json").write_text(state)
    if ckpt.exists():
        shutil.rmtree(ckpt)
    tmp.rename(ckpt)
