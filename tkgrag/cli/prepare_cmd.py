"""`tkgrag prepare [--json]`: run, in dependency order, every preparation step the store's data needs (item vectors,
passage sentences, chunk links, the rule graph, TimeR4's TKS), then show `tkgrag status`. Idempotent and resumable:
run it again after new data or an interruption."""

from __future__ import annotations

from typing import Annotated

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings
from tkgrag.cli.safe_text import print_json, safe


@friendly_errors
def prepare(
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress lines.")] = False,
) -> None:
    """Run every preparation step the store's data needs, in dependency order; a ready step is skipped."""
    from tkgrag.cli.status_cmd import print_status
    from tkgrag.embed import default_embedder
    from tkgrag.planning.prepare import StepReport, prepare
    from tkgrag.store import connect

    def said(rep: StepReport) -> None:
        if not quiet:
            mark = f"done in {rep.seconds:.1f} s" if rep.ran else "nothing to do"
            err_console.print(safe(f"  {rep.name}: {mark}: {rep.said}"), highlight=False)

    s = settings()
    with connect(s) as store:
        report = prepare(
            store, default_embedder(s.embedding_model), progress=not quiet, console=err_console, on_step=said
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
