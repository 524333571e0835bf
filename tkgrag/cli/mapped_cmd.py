"""`tkgrag ingest mapped MAPPING.toml [--full]` (sync a user's own graph or table) and `tkgrag history KEY`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from tkgrag.cli.common import console, friendly_errors, settings
from tkgrag.cli.ingest_common import BackendOpt, ModelOpt, make_embedder, show_summary
from tkgrag.store import connect


@friendly_errors
def mapped(
    mapping_file: Annotated[Path, typer.Argument(help="Mapping TOML (see ingest/examples/companies.toml).")],
    full: Annotated[
        bool, typer.Option("--full", help="Read every row and close the items no longer in the source.")
    ] = False,
    no_embed: Annotated[bool, typer.Option("--no-embed", help="Graph only; run `tkgrag ingest embed` later.")] = False,
    no_resume: Annotated[
        bool, typer.Option("--no-resume", help="Start a new run even if one was interrupted.")
    ] = False,
    model: ModelOpt = None,
    backend: BackendOpt = "auto",
) -> None:
    """Sync a mapped source (your Neo4j graph, a CSV or a Parquet file): new and changed rows become new versions,
    changed ones close the old version (record time); --full also closes rows no longer found. Nothing is deleted."""
    from tkgrag.ingest.mapped.sync import sync_mapped
    from tkgrag.ingest.pipeline import IngestOptions
    from tkgrag.sources.mapping import load_mapping

    mapping = load_mapping(mapping_file)
    embedder = make_embedder(no_embed, model, backend)
    with connect(settings()) as store:
        result = sync_mapped(
            store,
            mapping,
            full=full,
            options=IngestOptions(batch_size=mapping.page_size, embedder=embedder, resume=not no_resume),
        )
    if result.resumed_mode:
        console.print("[yellow]resumed[/] an interrupted sync of this source with its own watermark and mode")
    show_summary(result.ingest)
    console.print(result.line(), highlight=False, soft_wrap=True)


@friendly_errors
def history(
    key: Annotated[str, typer.Argument(help="An item key (<source>:<row key>) or the key of any version.")],
) -> None:
    """An item's versions, oldest first: what each said, when the store started and stopped believing it, and the
    runs that wrote and closed it."""
    from tkgrag.queries.mapped import HISTORY

    with connect(settings()) as store:
        rows = store.run(HISTORY, {"key": key})
    if not rows:
        console.print(f"no item or version with key {key!r}")
        raise typer.Exit(1)
    table = Table(title=f"history of {rows[0]['item_key'] or key}")
    for col in ("version", "text", "recorded from", "recorded to", "written by", "closed by"):
        table.add_column(col)
    for r in rows:
        table.add_row(
            str(r["version"] if r["version"] is not None else "-"),
            r["text"] or "",
            _when(r["recorded_from"]),
            _when(r["recorded_to"]) or "(current)",
            r["written_by"] or "",
            r["closed_by"] or "",
        )
    console.print(table)


def _when(value: object) -> str:
    if value is None:
        return ""
    iso = getattr(value, "iso_format", None)
    return str(iso() if callable(iso) else value)
