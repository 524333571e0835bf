"""What every `tkgrag ingest ...` command shares (embedder choice, run summary, common options), in one module that
both ingest_cmd and ingest_formats_cmd import, so neither imports the other back."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from tkgrag.cli.common import console, settings
from tkgrag.cli.safe_text import escape_controls, safe
from tkgrag.embed import BACKENDS, Embedder, load_embedder
from tkgrag.errors import TkgragError
from tkgrag.ingest.pipeline import IngestSummary

BackendOpt = Annotated[str, typer.Option("--backend", help=f"Embedding backend: {', '.join(BACKENDS)}.")]
ModelOpt = Annotated[str | None, typer.Option("--model", help="Embedding model name or path (default from settings).")]


def make_embedder(no_embed: bool, model: str | None, backend: str) -> Embedder | None:
    """The embedder an ingest command asked for (None with --no-embed)."""
    if no_embed:
        return None
    return load_embedder(model or settings().embedding_model, backend)


def show_summary(summary: IngestSummary) -> None:
    """Print one run's summary. Paths, notes and run ids are printed as data (``safe``): a file name in a watched
    folder is anyone's who can drop a file there."""
    if summary.status == "busy":
        console.print(Text.assemble(("busy", "yellow"), " ", safe(summary.note)), soft_wrap=True)
        return
    if summary.status == "failed" and summary.skipped:
        console.print(Text.assemble(("failed", "bold red"), " ", safe(summary.path), ": ", safe(summary.note)))
        return
    if summary.skipped:
        console.print(
            Text.assemble(
                ("skipped", "dim"),
                " ",
                safe(summary.path),
                f": already ingested by run {escape_controls(summary.run_id)} (same checksum)",
            ),
            soft_wrap=True,
        )
        return
    resumed = f" (resumed after item {summary.resumed_from})" if summary.resumed_from else ""
    console.print(
        Text.assemble(
            (summary.status, "bold green"), f" run {escape_controls(summary.run_id)}{resumed}: {summary.line()}"
        ),
        soft_wrap=True,
    )
    rate = f"{summary.events_per_second:,.0f} items/s" if summary.seconds else ""
    enc = (
        f"; encoder {summary.encoded_texts / summary.encode_seconds:,.0f} texts/s" if summary.encode_seconds > 0 else ""
    )
    console.print(f"  {summary.seconds:.1f} s, {rate}{enc}", highlight=False)
    if summary.rejected:
        console.print(
            Text.assemble("  ", (f"{summary.rejected} rejected", "yellow"), ": see ", safe(summary.rejects_path)),
            soft_wrap=True,
        )
    if summary.note:
        console.print(Text.assemble("  ", safe(summary.note)), soft_wrap=True)


def fail_if_all_rejected(summary: IngestSummary) -> None:
    """A file of which every item was rejected is an error (exit 1), not a success that wrote nothing: a script or a
    scheduler must see it. Some rejects among written items are not (the summary and the rejects file say which)."""
    if summary.read > 0 and summary.rejected == summary.read:
        raise TkgragError(
            f"all {summary.read:,} items of {summary.path} were rejected, nothing was ingested; "
            f"the reasons are in {summary.rejects_path}"
        )
