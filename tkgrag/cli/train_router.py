"""`tkgrag train router LABELLED.jsonl`: fit ``auto``'s router for the connected store on labelled training
questions (``tkgrag.planning.router_training``); writes ``router.json``, ``MODEL_CARD.md`` and the measured rows
(``rows.jsonl``, reused by a later run unless ``--remeasure``) under ``$TKGRAG_HOME/models/<name>/``. ``auto`` uses
the router fitted for its store when one exists, the label-free null otherwise."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings


@friendly_errors
def router(
    labelled: Annotated[
        Path, typer.Argument(help='JSONL of {"question": ..., "kind": "event|fact|passage|none"} (training only).')
    ],
    name: Annotated[str, typer.Option("--name", help="Model folder under $TKGRAG_HOME/models/.")] = "router",
    heldout: Annotated[float, typer.Option("--heldout", min=0.0, max=0.9, help="Share held out per kind.")] = 0.25,
    seed: Annotated[int, typer.Option("--seed")] = 7,
    embedding: Annotated[
        str, typer.Option("--embedding", help="Append the question embedding: auto (chosen on validation), on, off.")
    ] = "auto",
    remeasure: Annotated[bool, typer.Option("--remeasure", help="Measure the questions again.")] = False,
) -> None:
    """Measure each question on the store as ``auto`` would, fit a multinomial logistic router on the training
    part, report the held-out part (fitted against the label-free null) and save the model with its card."""
    from tkgrag.api import TKGRag
    from tkgrag.errors import ConfigError
    from tkgrag.planning.router_training import fit_store_router
    from tkgrag.progress import progress_bar

    if not name or "/" in name or name.startswith("."):
        raise ConfigError(f"--name {name!r}: a folder name under $TKGRAG_HOME/models/ (no '/', not hidden)")
    out = settings().home / "models" / name
    bar = progress_bar("measuring", console=err_console)
    with TKGRag.connect() as rag, bar:
        task = bar.add_task("questions", total=None)

        def progress(i: int, n: int) -> None:
            bar.update(task, completed=i, total=n)

        _, text = fit_store_router(rag, labelled, out, heldout, seed, embedding, remeasure, progress)
    console.print(text, highlight=False, soft_wrap=True)
    console.print(f"router -> {out / 'router.json'}", highlight=False)
