"""`tkgrag corpus link`: derived mention edges for corpus graphs (FastInsight's topology when a corpus has none)."""

from __future__ import annotations

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings
from tkgrag.progress import progress_bar
from tkgrag.store import connect

app = typer.Typer(help="Corpus graphs: derive edges between chunks.")


@app.command()
@friendly_errors
def link(
    max_hits: int = typer.Option(50, "--max-hits", min=1, help="A title found in more chunks is too generic."),
    min_chars: int = typer.Option(4, "--min-chars", min=1, help="Shorter titles (or without a letter) are skipped."),
) -> None:
    """Add (chunk)-[:REFERENCES {kind:'mentions'}]->(chunks of D) where the chunk's text names document D's title
    (full-text phrase match, case and punctuation ignored; not D's own chunks). Idempotent."""
    from tkgrag.ingest.corpus_link import link_mentions
    from tkgrag.queries.corpus_link import DOCUMENT_COUNT

    with connect(settings()) as store:
        total = int(store.run(DOCUMENT_COUNT)[0]["documents"])
        if total == 0:
            console.print("[yellow]No documents in the store:[/] ingest a corpus first (`tkgrag ingest corpus`).")
            raise typer.Exit(code=1)
        with progress_bar("corpus link", console=err_console) as bar:
            task = bar.add_task("documents", total=total)
            rep = link_mentions(store, max_hits=max_hits, min_chars=min_chars, progress=lambda n: bar.advance(task, n))
    console.print(
        f"Mentions: {rep.links:,} edges found, {rep.created:,} new, from {rep.linked_titles:,} of {rep.documents:,} "
        f"document titles ({rep.generic_titles:,} too generic, > {max_hits} chunks; {rep.short_titles:,} too short) "
        f"in {rep.seconds:.1f} s.\nGraph: {rep.chunks:,} chunks, {rep.edges:,} REFERENCES edges "
        f"({rep.mentions:,} mentions), {rep.isolated:,} chunks without any edge."
    )
