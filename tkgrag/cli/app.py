"""Entry point of the `tkgrag` console script."""

from __future__ import annotations

from typing import Annotated

import typer

from tkgrag.cli import (
    ask_cmd,
    corpus_cmd,
    demo_cmd,
    doctor_cmd,
    eval_cmd,
    ingest_cmd,
    mapped_cmd,
    mcp_cmd,
    methods_cmd,
    neo4j_cmd,
    prepare_cmd,
    retrieve_cmd,
    rules_cmd,
    schema_cmd,
    serve_cmd,
    status_cmd,
    train_cmd,
)
from tkgrag.cli.common import exit_past_busy_workers

app = typer.Typer(
    name="tkgrag",
    help="Temporal knowledge-graph RAG on Neo4j: ingest temporal facts, retrieve time-consistent evidence, answer.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    # Help text is plain text: with Rich markup on, "a [schedule] table" lost its "[schedule]" (read as a tag).
    # The root's mode applies to every subcommand group.
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        from tkgrag import __version__

        typer.echo(f"tkgrag {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Temporal knowledge-graph RAG on Neo4j: ingest temporal facts, retrieve time-consistent evidence, answer."""


app.add_typer(neo4j_cmd.app, name="neo4j")
app.add_typer(schema_cmd.app, name="schema")
app.add_typer(ingest_cmd.app, name="ingest")
app.add_typer(rules_cmd.app, name="rules")
app.add_typer(train_cmd.app, name="train")
app.add_typer(corpus_cmd.app, name="corpus")
app.command(name="retrieve")(retrieve_cmd.retrieve)
app.command(name="methods")(methods_cmd.methods)
app.command(name="eval")(eval_cmd.eval_command)
app.command(name="ask")(ask_cmd.ask)
app.command(name="doctor")(doctor_cmd.doctor)
app.command(name="status")(status_cmd.status)
app.command(name="prepare")(prepare_cmd.prepare)
app.command(name="demo")(demo_cmd.demo)
app.command(name="history")(mapped_cmd.history)
app.command(name="serve")(serve_cmd.serve)
app.command(name="mcp")(mcp_cmd.mcp)


def main() -> None:
    try:
        app()
    except SystemExit as exc:
        exit_past_busy_workers(exc)
        raise


if __name__ == "__main__":
    main()
