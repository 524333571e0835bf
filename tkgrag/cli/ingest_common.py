"""What every `tkgrag ingest ...` command shares (embedder choice, run summary, common options), in one module that
both ingest_cmd and ingest_formats_cmd import, so neither imports the other back."""

from __future__ import annotations

from typing import Annotated

import typer

from tkgrag.cli.common import console, settings
from tkgrag.embed import BACKENDS, Embedder, load_embedder
from tkgrag.ingest.pipeline import IngestSummary

BackendOpt = Annotated[str, typer.Option("--backend", help=f"Embedding backend: {', '.join(BACKENDS)}.")]
ModelOpt = Annotated[str | None, typer.Option("--model", help="Embedding model name or path (default from settings).")]


def make_embedder(no_embed: bool, model: str | None, backend: str) -> Embedder | None:
    """The embedder an ingest command asked for (None with --no-embed)."""
    if no_embed:
        return None
    return load_embedder(model or settings().embedding_model, backend)


def show_summary(summary: IngestSummary) -> None:
    """Print one run's summary."""
    if summary.status == "busy":
        console.print(f"[yellow]busy[/] {summary.note}", highlight=False, soft_wrap=True)
        return
    if summary.skipped:
        console.print(f"[dim]skipped[/] {summary.path}: already ingested by run {summary.run_id} (same checksum)")
        return
    resumed = f" (resumed after item {summary.resumed_from})" if summary.resumed_from else ""
    console.print(f"[bold green]{summary.status}[/] run {summary.run_id}{resumed}: {summary.line()}")
    rate = f"{summary.events_per_second:,.0f} items/s" if summary.seconds else ""
    enc = (
        f"; encoder {summary.encoded_texts / summary.encode_seconds:,.0f} texts/s" if summary.encode_seconds > 0 else ""
    )
    console.print(f"  {summary.seconds:.1f} s, {rate}{enc}")
    if summary.rejected:
        console.print(f"  [yellow]{summary.rejected} rejected[/]: see {summary.rejects_path}")
