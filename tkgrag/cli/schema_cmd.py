"""`tkgrag schema apply|show`."""

from __future__ import annotations

import typer
from rich.table import Table

from tkgrag.cli.common import console, friendly_errors, settings
from tkgrag.queries.admin import INDEXES
from tkgrag.store import connect

app = typer.Typer(help="Constraints and indexes of cypher/schema.cypher.")


@app.command()
@friendly_errors
def apply() -> None:
    """Create missing constraints and indexes (idempotent)."""
    with connect(settings(), ensure_schema=False) as store:
        from tkgrag.store.schema import apply_schema

        n = len(apply_schema(store))
    console.print(f"Schema applied: {n} statements, all IF NOT EXISTS.")


@app.command()
@friendly_errors
def show() -> None:
    """List indexes and their state."""
    with connect(settings()) as store:
        table = Table("name", "type", "state", "on", "properties")
        for idx in store.run(INDEXES):
            table.add_row(
                idx["name"],
                idx["type"],
                idx["state"],
                ",".join(idx["labelsOrTypes"] or []),
                ",".join(idx["properties"] or []),
            )
    console.print(table)
