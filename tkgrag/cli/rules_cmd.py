"""`tkgrag rules build|status`: the STAR-RAG rule graph."""

from __future__ import annotations

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings
from tkgrag.store import connect

app = typer.Typer(help="Build and inspect the STAR-RAG rule graph (rule nodes, MDL-selected edges, GDS projection).")


@app.command()
@friendly_errors
def build() -> None:
    """(Re)build the rule graph from every event in the store and refresh its GDS projection."""
    from tkgrag.retrievers.star.persist import build_and_store

    with connect(settings()) as store:
        rep = build_and_store(store, console=err_console)
    stages = ", ".join(f"{k} {v:.1f}s" for k, v in rep.stage_seconds.items())
    console.print(
        f"Rule graph: {rep.rules:,} rules, {rep.edges:,} edges selected by MDL of {rep.candidate_edges:,} candidates, "
        f"from {rep.events:,} events.\n  description length {rep.description_length_before:,.0f} -> "
        f"{rep.description_length_after:,.0f} bits\n  stages: {stages}; writing {rep.write_seconds:.1f}s; "
        f"PPR matrix export {rep.ppr_export_seconds:.1f}s; supports + vectors export {rep.support_export_seconds:.1f}s"
    )


@app.command()
@friendly_errors
def status() -> None:
    """Whether the rule graph exists and is up to date with the events."""
    from tkgrag.retrievers.star.persist import staleness

    with connect(settings()) as store:
        st = staleness(store)
    console.print(("[yellow]stale:[/] " if st.stale else "[green]ok:[/] ") + st.reason)
    raise typer.Exit(code=1 if st.stale else 0)
