"""`tkgrag ingest tkg|embed|run|schedule|runs|formats` (+ facts/corpus/passages from ingest_formats_cmd)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from tkgrag.cli import ingest_formats_cmd, mapped_cmd
from tkgrag.cli.common import console, err_console, friendly_errors, settings, stop_at_a_safe_point
from tkgrag.cli.ingest_common import BackendOpt, ModelOpt, fail_if_all_rejected, make_embedder, show_summary
from tkgrag.cli.safe_text import print_json, safe
from tkgrag.errors import StoreError, TkgragError
from tkgrag.ingest.jobs import Job
from tkgrag.ingest.pipeline import IngestOptions, IngestSummary
from tkgrag.store import Store, connect

app = typer.Typer(
    help="Load temporal facts into Neo4j: files, jobs and schedules; fill embeddings.", no_args_is_help=True
)


@app.callback()
def _interruptible() -> None:
    """Ctrl-C or SIGTERM mid-ingest: the batch being written is committed, the run is marked interrupted, and the
    command says how to resume."""
    from tkgrag.ingest.stop import clear_stop, request_stop

    clear_stop()
    stop_at_a_safe_point(
        "nothing committed is lost: run the same command again and it resumes", request_stop, on_done=clear_stop
    )


@app.command()
@friendly_errors
def tkg(
    path: Annotated[Path, typer.Argument(help="TSV of quadruples/quintuples (ICEWS, MultiTQ, TimeQuestions).")],
    source: Annotated[
        str | None, typer.Option("--source", help="Source name on every event (default: file stem).")
    ] = None,
    no_embed: Annotated[bool, typer.Option("--no-embed", help="Graph only; run `tkgrag ingest embed` later.")] = False,
    batch_size: Annotated[int, typer.Option("--batch-size", min=1, help="Records per transaction.")] = 5000,
    rejects: Annotated[
        Path | None, typer.Option("--rejects", help="Rejects file (JSONL; default: in $TKGRAG_HOME/rejects/).")
    ] = None,
    rejects_dir: Annotated[Path | None, typer.Option("--rejects-dir", help="Folder for the rejects file.")] = None,
    labels: Annotated[Path | None, typer.Option("--labels", help="id<TAB>label file naming id-keyed entities.")] = None,
    no_resume: Annotated[
        bool, typer.Option("--no-resume", help="Start a new run even if one was interrupted.")
    ] = False,
    model: ModelOpt = None,
    backend: BackendOpt = "auto",
) -> None:
    """Ingest a TKG TSV file (idempotent; resumes an interrupted run of the same file)."""
    from tkgrag.ingest.tkg import ingest_tkg_file
    from tkgrag.ingest.tsv import TsvOptions, read_labels

    if not path.is_file():
        raise typer.BadParameter(f"{path} is not a file", param_hint="PATH")
    embedder = make_embedder(no_embed, model, backend)
    with connect(settings()) as store:
        summary = ingest_tkg_file(
            store,
            path,
            source=source,
            tsv=TsvOptions(labels=read_labels(labels) if labels else {}),
            options=IngestOptions(
                batch_size=batch_size,
                embedder=embedder,
                rejects_path=rejects,
                rejects_dir=rejects_dir,
                resume=not no_resume,
            ),
        )
    show_summary(summary)
    fail_if_all_rejected(summary)


@app.command()
@friendly_errors
def embed(
    label: Annotated[str, typer.Option("--label", help="Event, Chunk, Passage or Sentence.")] = "Event",
    page_size: Annotated[int, typer.Option("--page-size", min=1, help="Nodes per transaction.")] = 4096,
    model: ModelOpt = None,
    backend: BackendOpt = "auto",
    refresh: Annotated[
        bool,
        typer.Option("--refresh", help="With --model time-aware: drop a TKS another encoder wrote and write it again."),
    ] = False,
) -> None:
    """Fill missing embeddings (resumable: run it again after an interruption). `--model time-aware` fills TimeR4's
    TKS (Event.embedding_ta) with the encoder `tkgrag train retriever` made; a TKS written by an earlier model is
    refused unless `--refresh`."""
    from tkgrag.ingest.backfill import embed_missing

    if model == "time-aware":
        from tkgrag.retrievers.timer4.tks import fill_tks, load_time_aware

        with connect(settings()) as store:
            t = fill_tks(store, load_time_aware(), refresh=refresh, page_size=page_size)  # TKS_BACKEND
        console.print(
            f"embedded {t.embedded} of {t.missing_before} Event nodes missing a TKS vector, {t.seconds:.1f} s"
        )
        return
    embedder = make_embedder(False, model, backend)
    assert embedder is not None
    with connect(settings()) as store:
        s = embed_missing(store, embedder, label=label, page_size=page_size)
    rate = f"{s.per_second:,.0f}/s" if s.seconds else ""
    console.print(f"embedded {s.embedded} of {s.missing_before} {label} nodes missing one, {s.seconds:.1f} s {rate}")


@app.command()
@friendly_errors
def sentences(
    no_embed: Annotated[bool, typer.Option("--no-embed", help="Split only; embed later with `ingest embed`.")] = False,
    model: ModelOpt = None,
    backend: BackendOpt = "auto",
) -> None:
    """Split stored passages into Sentence nodes with their dates, and embed them (MRAG's ranking unit).

    `tkgrag ingest passages` does this itself; run it for passages ingested before, or after an interruption
    (it resumes: only passages not split yet, only sentences without a vector)."""
    from tkgrag.ingest.sentences import index_sentences

    embedder = make_embedder(no_embed, model, backend)
    with connect(settings()) as store:
        s = index_sentences(store, embedder)
    console.print(f"split {s.passages:,} passages into {s.sentences:,} sentences in {s.seconds:.1f} s")
    if s.embedding is not None:
        e = s.embedding
        console.print(f"embedded {e.embedded:,} of {e.missing_before:,} sentences missing a vector, {e.seconds:.1f} s")


@app.command("run")
@friendly_errors
def run_cmd(
    jobs: Annotated[list[Path], typer.Argument(help="Job files (TOML), e.g. ingest/sample.toml.")],
) -> None:
    """Run jobs once, incrementally (files already ingested are skipped by checksum). Exits 1 when a job or a file
    failed (the others still ran)."""
    from tkgrag.ingest.jobs import load_job, run_job

    loaded = [load_job(p) for p in jobs]
    failed = 0
    with connect(settings()) as store:
        for job in loaded:
            console.print(Text.assemble(("job", "bold"), " ", safe(job.name), f" ({job.format}) <- ", safe(job.path)))
            try:
                results = run_job(store, job, on_file=show_summary)
                failed += sum(r.status == "failed" for r in results)
                prepare_after(store, job, results)
            except StoreError:
                raise  # the server: the next jobs would fail the same way
            except TkgragError as exc:  # this job's (its folder is gone, a bad [mapping]): the next jobs still run
                err_console.print(Text.assemble(("job", "bold"), " ", safe(job.name), " failed: ", safe(exc)))
                failed += 1
    if failed:
        err_console.print(f"{failed} job(s) or file(s) failed; see above", highlight=False)
        raise typer.Exit(code=1)


@app.command()
@friendly_errors
def schedule(
    jobs: Annotated[list[Path], typer.Argument(help="Job files with a [schedule] table.")],
    max_runs: Annotated[int | None, typer.Option("--max-runs", min=1, help="Stop after this many job runs.")] = None,
) -> None:
    """Keep running jobs on their schedules until Ctrl-C (or --max-runs). A job that fails is reported and runs again
    at its next time; the other jobs go on."""
    from tkgrag.ingest.jobs import load_job, run_schedule

    loaded = [load_job(p) for p in jobs]
    for job in loaded:
        when = job.schedule.describe() if job.schedule else "no schedule"
        console.print(Text.assemble(("job", "bold"), " ", safe(job.name), f": {when}"))

    def report(job: Job, results: list[IngestSummary]) -> None:
        console.print(Text.assemble(("job", "bold"), " ", safe(job.name), f": {len(results)} file(s)"))
        for r in results:
            show_summary(r)
        prepare_after(store, job, results)

    def failed(job: Job, message: str) -> None:
        err_console.print(
            Text.assemble(("job", "bold"), " ", safe(job.name), " failed: ", safe(message), "; it runs again later"),
            soft_wrap=True,
        )

    with connect(settings()) as store:
        try:
            n = run_schedule(store, loaded, max_runs=max_runs, on_run=report, on_error=failed)
        except KeyboardInterrupt:
            console.print("stopped (an interrupted file resumes on the next run)")
            raise typer.Exit(code=0) from None
    console.print(f"done: {n} job run(s)")


def prepare_after(store: Store, job: Job, results: list[IngestSummary]) -> None:
    """``[job] prepare = true``: after a run that ingested something, the preparation steps the new data needs."""
    if not job.prepare or all(r.skipped or r.status == "failed" for r in results):
        return
    from tkgrag.embed import default_embedder
    from tkgrag.planning.prepare import prepare

    report = prepare(store, default_embedder(job.model), progress=False)
    ran = ", ".join(f"{r.name} ({r.said})" for r in report.ran) or "nothing needed"
    console.print(Text.assemble(("job", "bold"), " ", safe(job.name), " prepare: ", safe(ran)))


@app.command()
@friendly_errors
def runs(
    limit: Annotated[int, typer.Option("--limit", min=1)] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List recent ingestion runs (the record-time ledger). A run still marked running whose process is gone (killed,
    or its server died) is shown as interrupted: the next ingest of its file resumes it."""
    from tkgrag.ingest.owner import shown_status
    from tkgrag.queries.ingest import LIST_RUNS

    with connect(settings()) as store:
        rows = [r["run"] for r in store.run(LIST_RUNS, {"limit": limit})]
    fields = ("id", "status", "format", "read", "written", "duplicates", "rejected", "started_at", "path")
    listed = [{f: r.get(f) for f in fields} | {"status": shown_status(r)} for r in rows]
    if as_json:
        print_json(console, listed)
        return
    table = Table("id", "status", "format", "read", "written", "dup", "rej", "started", "path")
    for r in listed:
        # File names and source names are anyone's who can drop a file in a watched folder: printed as data.
        table.add_row(
            safe(r["id"]),
            safe(r["status"]),
            safe(r["format"]),
            str(r["read"]),
            str(r["written"]),
            str(r["duplicates"]),
            str(r["rejected"]),
            safe(str(r["started_at"])[:19]),
            safe(r["path"]),
        )
    console.print(table)


@app.command("formats")
def formats_cmd() -> None:
    """List the formats job files can name."""
    from tkgrag.ingest.registry import formats

    for name, spec in sorted(formats().items()):
        console.print(f"[bold]{name}[/]  {spec.description}  (directory glob {spec.glob})")


# The n-ary facts / corpus / passages commands live in ingest_formats_cmd (one module per family of formats).
ingest_formats_cmd.register(app)


app.command(name="mapped")(mapped_cmd.mapped)
