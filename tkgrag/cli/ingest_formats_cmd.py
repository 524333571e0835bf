"""`tkgrag ingest facts|corpus|passages`: the non-TSV source formats (registered on the "ingest" sub-app).

tkgrag ingest facts tkgrag/data/facts_sample.jsonl
tkgrag ingest corpus citeseer_texts.txt --edges citeseer.cites --edge-order target-source
tkgrag ingest passages human_annotated_train.json          # TimeQA; MenatQA and generic JSONL are detected too
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tkgrag.cli.common import console, friendly_errors, settings
from tkgrag.cli.ingest_common import BackendOpt, ModelOpt, fail_if_all_rejected, make_embedder, show_summary
from tkgrag.errors import TkgragError

if TYPE_CHECKING:
    from tkgrag.ingest.pipeline import IngestOptions, IngestSummary

BatchOpt = Annotated[int, typer.Option("--batch-size", min=1, help="Records per transaction.")]
NoEmbedOpt = Annotated[bool, typer.Option("--no-embed", help="Graph only; run `tkgrag ingest embed` later.")]
SourceOpt = Annotated[
    str | None, typer.Option("--source", help="Source name stored on every node (default: file stem).")
]
RejectsOpt = Annotated[Path | None, typer.Option("--rejects", help="Rejects file (default: in $TKGRAG_HOME/rejects/).")]
RejectsDirOpt = Annotated[Path | None, typer.Option("--rejects-dir", help="Folder for the rejects file(s).")]
NoResumeOpt = Annotated[bool, typer.Option("--no-resume", help="Start a new run even if one was interrupted.")]


class CorpusFormatOpt(StrEnum):
    auto = "auto"
    jsonl = "jsonl"
    json = "json"
    citeseer = "citeseer"


class EdgeOrderOpt(StrEnum):
    source_target = "source-target"
    target_source = "target-source"


class PassageFormatOpt(StrEnum):
    auto = "auto"
    jsonl = "jsonl"
    json = "json"
    timeqa = "timeqa"
    menatqa = "menatqa"


def _existing(path: Path, what: str) -> Path:
    if not path.is_file():
        raise TkgragError(f"{what} {path} does not exist or is not a file.")
    return path


def _options(
    batch_size: int,
    no_embed: bool,
    model: str | None,
    backend: str,
    rejects: Path | None,
    rejects_dir: Path | None,
    no_resume: bool,
) -> IngestOptions:
    from tkgrag.ingest.pipeline import IngestOptions

    return IngestOptions(
        batch_size=batch_size,
        embedder=make_embedder(no_embed, model, backend),
        rejects_path=rejects,
        rejects_dir=rejects_dir,
        resume=not no_resume,
    )


def _report(what: str, summary: IngestSummary) -> None:
    console.print(f"[bold]{what}[/]")
    show_summary(summary)


@friendly_errors
def facts(
    path: Annotated[Path, typer.Argument(help="Facts JSONL (schema: cypher/README.md, 'Facts JSONL').")],
    source: SourceOpt = None,
    batch_size: BatchOpt = 2000,
    no_embed: NoEmbedOpt = False,
    model: ModelOpt = None,
    backend: BackendOpt = "auto",
    rejects: RejectsOpt = None,
    rejects_dir: RejectsDirOpt = None,
    no_resume: NoResumeOpt = False,
) -> None:
    """Ingest n-ary facts (Wikidata style, with qualifiers) as Events."""
    from tkgrag.ingest.formats.run import ingest_facts
    from tkgrag.store import connect

    _existing(path, "Facts file")
    options = _options(batch_size, no_embed, model, backend, rejects, rejects_dir, no_resume)
    with connect(settings()) as store:
        summary = ingest_facts(store, path, source=source, options=options)
    _report("facts", summary)
    fail_if_all_rejected(summary)


@friendly_errors
def corpus(
    path: Annotated[Path, typer.Argument(help="Corpus JSONL/JSON (documents or passages), or a CiteSeer .txt dump.")],
    edges: Annotated[
        Path | None,
        typer.Option(
            "--edges", help="Edge list, lines '<a> <b>' or '<a> <b> <kind>': a references b (documents or chunks)."
        ),
    ] = None,
    edge_order: Annotated[
        EdgeOrderOpt,
        typer.Option("--edge-order", help="source-target: a cites b; target-source: CiteSeer's '<cited> <citing>'."),
    ] = EdgeOrderOpt.source_target,
    edge_kind: Annotated[str, typer.Option("--edge-kind", help="REFERENCES.kind for 2-column lines.")] = "cites",
    fmt: Annotated[CorpusFormatOpt, typer.Option("--format", help="Input layout (auto: by suffix).")] = (
        CorpusFormatOpt.auto
    ),
    chunk_words: Annotated[
        int | None, typer.Option("--chunk-words", min=1, help="Split texts into chunks of at most N words.")
    ] = None,
    source: SourceOpt = None,
    batch_size: BatchOpt = 1000,
    no_embed: NoEmbedOpt = False,
    model: ModelOpt = None,
    backend: BackendOpt = "auto",
    rejects: RejectsOpt = None,
    rejects_dir: RejectsDirOpt = None,
    no_resume: NoResumeOpt = False,
) -> None:
    """Ingest a corpus graph: Document -HAS_CHUNK-> Chunk, and Chunk -REFERENCES-> Chunk from an edge list."""
    from tkgrag.ingest.formats.run import ingest_corpus
    from tkgrag.store import connect

    _existing(path, "Corpus file")
    if edges is not None:
        _existing(edges, "Edge list")
    options = _options(batch_size, no_embed, model, backend, rejects, rejects_dir, no_resume)
    with connect(settings()) as store:
        result = ingest_corpus(
            store,
            path,
            edges,
            source=source,
            fmt=fmt.value,
            chunk_words=chunk_words,
            edge_order=edge_order.value,
            edge_kind=edge_kind,
            options=options,
        )
    _report("documents+chunks", result.documents)
    if result.references is not None:
        _report("references", result.references)
    if result.unresolved:
        console.print(f"  {len(result.unresolved)} edges not written: endpoint missing from the graph (in rejects)")
    fail_if_all_rejected(result.documents)


@friendly_errors
def passages(
    path: Annotated[Path, typer.Argument(help="Passages JSONL/JSON, a TimeQA or a MenatQA file.")],
    fmt: Annotated[PassageFormatOpt, typer.Option("--format", help="Input layout (auto: detected).")] = (
        PassageFormatOpt.auto
    ),
    min_words: Annotated[int, typer.Option("--min-words", min=1, help="TimeQA: skip shorter paragraphs.")] = 1,
    source: SourceOpt = None,
    batch_size: BatchOpt = 1000,
    no_embed: NoEmbedOpt = False,
    model: ModelOpt = None,
    backend: BackendOpt = "auto",
    rejects: RejectsOpt = None,
    rejects_dir: RejectsDirOpt = None,
    no_resume: NoResumeOpt = False,
) -> None:
    """Ingest passages with the dates they mention (Passage.dates, date_min, date_max)."""
    from tkgrag.ingest.formats.run import ingest_passages
    from tkgrag.store import connect

    _existing(path, "Passages file")
    options = _options(batch_size, no_embed, model, backend, rejects, rejects_dir, no_resume)
    with connect(settings()) as store:
        summary = ingest_passages(store, path, source=source, fmt=fmt.value, min_words=min_words, options=options)
    _report("passages", summary)
    fail_if_all_rejected(summary)


def register(app: typer.Typer) -> None:
    """Add `facts`, `corpus` and `passages` to the "ingest" sub-app."""
    app.command(name="facts")(facts)
    app.command(name="corpus")(corpus)
    app.command(name="passages")(passages)
