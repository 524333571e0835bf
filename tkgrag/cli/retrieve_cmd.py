"""`tkgrag retrieve "QUESTION" [--method auto] --k K [--json]`: the items a method finds; ``auto`` (the default)
plans the kinds and methods per question and says the plan in the notes and ``--json``'s ``plan``."""

from __future__ import annotations

from typing import Annotated

import typer

from tkgrag.cli.common import AsOfRecordOpt, console, friendly_errors, settings
from tkgrag.cli.evidence_table import evidence_table
from tkgrag.cli.safe_text import print_json, safe
from tkgrag.model import ItemKind, Retrieval, TemporalConstraint
from tkgrag.readers.ranked import unlabelled
from tkgrag.retrievers.base import MAX_K
from tkgrag.retrievers.registry import METHODS, parse_options
from tkgrag.retrievers.registry import method as method_of


def parse_constraint(before: str | None, after: str | None, during: str | None) -> TemporalConstraint | None:
    """The one constraint the options give; a bad date is a usage error naming its option, not a traceback."""
    given = [x for x in (before, after, during) if x]
    if len(given) > 1:
        raise typer.BadParameter("give at most one of --before, --after, --during")
    option, value = next(
        ((o, v) for o, v in (("--before", before), ("--after", after), ("--during", during)) if v), ("", None)
    )
    if value is None:
        return None
    try:
        if before:
            return TemporalConstraint.before(before)
        if after:
            return TemporalConstraint.after(after)
        if ".." in value:
            a, b = value.split("..", 1)
            return TemporalConstraint.between(a, b)
        return TemporalConstraint.in_period(value)
    except ValueError as exc:
        raise typer.BadParameter(
            f"{value!r}: {exc} (use YYYY, YYYY-MM or YYYY-MM-DD; --during also A..B with A not after B)",
            param_hint=option,
        ) from None


def print_retrieval(r: Retrieval) -> None:
    console.print(evidence_table(f"{r.method}: {r.question}", r.evidence))
    shown = [a for a in r.answers if not unlabelled(a)][:5]
    if shown:
        said = "; ".join(f"{a.text} ({a.score:.3f})" for a in shown)
        console.print(safe(f"answers ranked by {r.method}: {said}"), highlight=False)
    console.print(f"constraints: {'; '.join(c.describe() for c in r.constraints) or '-'}", highlight=False)
    for note in r.notes:
        console.print("[yellow]note:[/]", safe(note), highlight=False)
    console.print("timings: " + ", ".join(f"{k} {v:.0f} ms" for k, v in r.timings_ms.items()))


@friendly_errors
def retrieve(
    question: Annotated[str, typer.Argument(help="The question.")],
    method: Annotated[
        str, typer.Option("--method", "-m", help=f"auto (the default) or one of: {', '.join(METHODS)}")
    ] = "auto",
    k: Annotated[int, typer.Option("--k", min=1, max=MAX_K, help="How many items.")] = 10,
    before: Annotated[str | None, typer.Option(help="Only items ending before this date/month/year.")] = None,
    after: Annotated[str | None, typer.Option(help="Only items starting after this date/month/year.")] = None,
    during: Annotated[str | None, typer.Option(help="Only items overlapping this period (or A..B).")] = None,
    kind: Annotated[
        list[str] | None, typer.Option("--kind", help="Item kinds wanted (event, fact, passage, chunk); repeatable.")
    ] = None,
    options: Annotated[
        list[str] | None,
        typer.Option("--set", "-s", help="Method option NAME=VALUE (see `tkgrag methods`); repeatable."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    as_of_record: AsOfRecordOpt = None,
    server: Annotated[
        str | None, typer.Option("--server", help="A `tkgrag serve` URL, or off; default: the instance's, if running.")
    ] = None,
) -> None:
    """Retrieve the items (events, facts, passages, chunks) a method finds for a question."""
    from tkgrag.cli import remote

    if as_of_record is None and remote.retrieve_via_server(
        server,
        question,
        method=method,
        k=k,
        before=before,
        after=after,
        during=during,
        kinds=kind,
        options=options,
        as_json=as_json,
    ):
        return
    from tkgrag.api import TKGRag
    from tkgrag.record_time import parse_record_time

    constraint = parse_constraint(before, after, during)
    try:
        kinds = [ItemKind.parse(x) for x in kind] if kind else None
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--kind") from None
    if method == "auto" and options:
        raise typer.BadParameter("auto takes no options; name a method to set its options", param_hint="--set")
    overrides = parse_options(method_of(method), options) if method != "auto" else {}
    with TKGRag.connect(settings()) as rag:
        rag.method_options[method] = overrides
        r = rag.retrieve(question, method, k, constraint, kinds, as_of=parse_record_time(as_of_record))
    if as_json:
        print_json(console, r.as_dict())
    else:
        print_retrieval(r)
