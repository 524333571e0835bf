"""`tkgrag retrieve "QUESTION" --method M --k K [--json]`."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from tkgrag.cli.common import console, friendly_errors, settings
from tkgrag.model import Retrieval, TemporalConstraint
from tkgrag.retrievers.registry import RETRIEVERS


def parse_constraint(before: str | None, after: str | None, during: str | None) -> TemporalConstraint | None:
    given = [x for x in (before, after, during) if x]
    if len(given) > 1:
        raise typer.BadParameter("give at most one of --before, --after, --during")
    if before:
        return TemporalConstraint.before(before)
    if after:
        return TemporalConstraint.after(after)
    if during:
        if ".." in during:
            a, b = during.split("..", 1)
            return TemporalConstraint.between(a, b)
        return TemporalConstraint.in_period(during)
    return None


def print_retrieval(r: Retrieval) -> None:
    table = Table(title=f"{r.method}: {r.question}", show_lines=False)
    for col in ("#", "score", "time", "evidence"):
        table.add_column(col)
    for i, e in enumerate(r.evidence, 1):
        table.add_row(str(i), f"{e.score:.3f}", e.span.label(), e.text)
    console.print(table)
    if r.constraint:
        console.print(f"constraint: {r.constraint.describe()}")
    console.print("timings: " + ", ".join(f"{k} {v:.0f} ms" for k, v in r.timings_ms.items()))


@friendly_errors
def retrieve(
    question: Annotated[str, typer.Argument(help="The question.")],
    method: Annotated[str, typer.Option("--method", "-m", help=f"One of: {', '.join(RETRIEVERS)}")] = "star",
    k: Annotated[int, typer.Option("--k", min=1, help="How many events.")] = 10,
    before: Annotated[str | None, typer.Option(help="Only facts ending before this date/month/year.")] = None,
    after: Annotated[str | None, typer.Option(help="Only facts starting after this date/month/year.")] = None,
    during: Annotated[str | None, typer.Option(help="Only facts overlapping this period (or A..B).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Retrieve the evidence a method finds for a question."""
    from tkgrag.embed import default_embedder
    from tkgrag.retrievers.registry import create
    from tkgrag.store import connect

    constraint = parse_constraint(before, after, during)
    with connect(settings()) as store:
        r = create(method, store, default_embedder()).retrieve(question, k=k, constraint=constraint)
    if as_json:
        console.print_json(json.dumps(r.as_dict(), default=str))
    else:
        print_retrieval(r)
