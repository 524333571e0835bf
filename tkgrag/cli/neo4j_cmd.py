"""`tkgrag neo4j start|stop|status|logs`: the managed local server."""

from __future__ import annotations

import typer

from tkgrag.cli.common import console, err_console, friendly_errors, settings
from tkgrag.server import process

app = typer.Typer(help="Run the managed local Neo4j 5.26 + GDS server (used when NEO4J_URI is not set).")


@app.command()
@friendly_errors
def start() -> None:
    """Start the server in the background (or reuse the running one) and wait until it is ready."""
    st = process.start(settings(), err_console)
    if st.reused:
        console.print("Already running; reusing it.")
    else:
        console.print(f"Started in {st.ready_seconds:.1f}s.")
    console.print(st.describe(), highlight=False)
    console.print(f"  password: kept in {st.layout.password_file} (0600); tkgrag reads it automatically")


@app.command()
@friendly_errors
def stop() -> None:
    """Stop the server."""
    console.print("Stopped." if process.stop(settings()) else "Not running.")


@app.command()
@friendly_errors
def status() -> None:
    """Say whether the server is running, and where it keeps data and logs."""
    st = process.status(settings())
    console.print(st.describe(), highlight=False)
    raise typer.Exit(code=0 if st.running else 3)


@app.command()
@friendly_errors
def logs(
    lines: int = typer.Option(50, "--lines", "-n", help="How many lines from the end."),
    debug: bool = typer.Option(False, "--debug", help="Show debug.log instead of neo4j.log."),
) -> None:
    """Print the end of the server's log."""
    console.print(process.logs(settings(), lines, debug), highlight=False, markup=False)
