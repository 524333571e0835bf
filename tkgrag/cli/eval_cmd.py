"""`tkgrag eval DATASET --method M [--method M2 ...] [--reader R] [--k 10] [--limit N] [--out DIR]`."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from tkgrag.cli.common import AsOfRecordOpt, console, err_console, friendly_errors, settings
from tkgrag.retrievers.base import MAX_K
from tkgrag.retrievers.registry import METHODS


def default_out_dir(dataset: Path, reader: str) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return Path("eval-runs") / f"{dataset.stem}-{reader}-{stamp}"


@friendly_errors
def eval_command(
    dataset: Annotated[Path, typer.Argument(help="Question file (tkgqa, MultiTQ, TimeQuestions, TimeQA, ...).")],
    method: Annotated[
        list[str] | None,
        typer.Option("--method", "-m", help=f"Retrieval method, repeatable; auto or one of: {', '.join(METHODS)}."),
    ] = None,
    reader: Annotated[
        str,
        typer.Option(
            "--reader",
            help=(
                "Reader that answers: symbolic, auto (the reader of what each method returned: ranked for "
                "methods that rank answers such as exaqt, symbolic for events and facts, extractive for passages "
                "and chunks), ranked, extractive, llm, or none (retrieval metrics only)."
            ),
        ),
    ] = "symbolic",
    k: Annotated[int, typer.Option("--k", min=1, max=MAX_K, help="Evidence per question.")] = 10,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Only N questions, spread over question types.")
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Output folder (default eval-runs/<name>-<time>).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed set before every method.")] = 0,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="No progress bar.")] = False,
    options_set: Annotated[
        list[str] | None,
        typer.Option("--set", "-s", help="Method option METHOD:NAME=VALUE (e.g. mrag:candidates=50); repeatable."),
    ] = None,
    as_of_record: AsOfRecordOpt = None,
    report: Annotated[
        bool,
        typer.Option(
            "--report/--no-report", help="Also write report.md and accuracy_vs_tokens.png beside metrics.json."
        ),
    ] = True,
) -> None:
    """Evaluate retrieval methods (and a reader) on a benchmark: metrics.json, predictions.jsonl and a table."""
    from tkgrag.api import TKGRag
    from tkgrag.eval import load_dataset
    from tkgrag.evaluation.report import print_tables, write_run
    from tkgrag.evaluation.runner import EvalOptions, run_eval
    from tkgrag.record_time import parse_record_time
    from tkgrag.retrievers.registry import method as method_of
    from tkgrag.retrievers.registry import parse_options

    ds = load_dataset(dataset)
    if ds.rejects:
        err_console.print(f"[yellow]{len(ds.rejects)} records of {dataset} were rejected[/]; first: ", end="")
        err_console.print(ds.rejects[0].describe(), highlight=False, markup=False)
    options = EvalOptions(
        methods=tuple(method or ["star+tc"]),
        reader=reader.strip().lower(),
        k=k,
        limit=limit,
        seed=seed,
        progress=not no_progress,
        as_of_record=parse_record_time(as_of_record),
    )
    out_dir = out or default_out_dir(dataset, options.reader)
    overrides: dict[str, list[str]] = {}
    for item in options_set or []:
        name, sep, rest = item.partition(":")
        if not sep or name not in options.methods:
            what = f"{item!r}: write METHOD:NAME=VALUE for a method given with --method"
            raise typer.BadParameter(what, param_hint="--set")
        overrides.setdefault(name, []).append(rest)
    with TKGRag.connect(settings()) as rag:
        for name, items in overrides.items():
            rag.method_options[name] = parse_options(method_of(name), items)
        run = run_eval(rag, ds, options)
    metrics_path, pred_path = write_run(run, out_dir)
    doc = run.metrics_document()
    print_tables(doc, console)
    for m, why in run.skipped.items():
        err_console.print(f"[yellow]{m}: skipped[/]: ", end="")
        err_console.print(why, highlight=False, markup=False)
    for m, results in run.results.items():
        errors = [r.prediction.error for r in results if r.prediction.error]
        if errors:
            err_console.print(
                f"[yellow]{m}: {len(errors)} of {len(results)} questions failed (counted as wrong)[/]; first: ",
                end="",
            )
            err_console.print(errors[0], highlight=False, markup=False)
    console.print(f"wrote {metrics_path} and {pred_path}")
    if report:
        from tkgrag.evaluation.run_report import write_report

        report_path, plot_path = write_report(doc, out_dir)
        console.print(f"wrote {report_path}" + (f" and {plot_path}" if plot_path else ""))
