"""`tkgrag prepare [--train --train-data NAME=PATH] [--max-minutes N] [--json]`: run, in dependency order, every
preparation step the store's data needs (item vectors, passage sentences, chunk links, the rule graph, with --train
the missing models, TimeR4's TKS), then show `tkgrag status`. Idempotent and resumable: run it again after new data
or an interruption."""

from __future__ import annotations

from typing import Annotated

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings
from tkgrag.cli.safe_text import print_json, safe


@friendly_errors
def prepare(
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress lines.")] = False,
    train: Annotated[
        bool, typer.Option("--train", help="Also train the models the data needs and lacks, each within its budget.")
    ] = False,
    train_data: Annotated[
        list[str] | None,
        typer.Option(
            "--train-data",
            help="NAME=PATH, repeatable: the question file a model learns from (retriever, exaqt-relevance, "
            "reranker); a model without one is skipped with the reason.",
        ),
    ] = None,
    max_minutes: Annotated[
        float,
        typer.Option(
            "--max-minutes",
            min=0,
            help="The whole run's budget (0: none); a step that would not fit is skipped with the reason.",
        ),
    ] = 0.0,
) -> None:
    """Run every preparation step the store's data needs, in dependency order; a ready step is skipped."""
    from tkgrag.cli.status_cmd import print_status
    from tkgrag.embed import default_embedder
    from tkgrag.planning.prepare import StepReport, TrainOptions, prepare
    from tkgrag.planning.training import parse_train_data
    from tkgrag.store import connect

    def said(rep: StepReport) -> None:
        if not quiet:
            mark = (
                f"done in {rep.seconds:.1f} s"
                if rep.ran
                else ("skipped" if rep.said.startswith("skipped") else "nothing to do")
            )
            err_console.print(safe(f"  {rep.name}: {mark}: {rep.said}"), highlight=False)

    if train_data and not train:
        raise typer.BadParameter("--train-data names training files for --train; add --train", param_hint="--train")
    options = TrainOptions(data=parse_train_data(train_data or [])) if train else None
    s = settings()
    with connect(s) as store:
        report = prepare(
            store,
            default_embedder(s.embedding_model),
            progress=not quiet,
            console=err_console,
            on_step=said,
            train=options,
            max_minutes=max_minutes,
        )
    if as_json:
        print_json(console, report.as_dict())
        return
    ran = report.ran
    console.print(
        f"prepare: {len(ran)} of {len(report.steps)} steps ran"
        + (f" ({', '.join(r.name for r in ran)})" if ran else "")
    )
    if report.after is not None:
        print_status(report.after)
