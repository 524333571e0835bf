"""`tkgrag ask "QUESTION" [--method star+tc] [--reader symbolic|llm] [--k 10] [--json] [--explain]`: answer a question.

Prints the ranked answers (each with the events that justify it), the retrieved evidence with dates, how the question
was grounded (entities and roles, relation, anchor events, the temporal constraint and the TimeR4-style rewritten
question), then timings and LLM tokens.

Defaults, and why:
- reader ``symbolic``: it works offline (no LLM endpoint to configure), spends zero tokens, and its temporal operators
  (first/last, before/after nearest, same period, time answers at the asked granularity) are exact over a bounded
  read of the graph, so its answers can be checked event by event. ``--reader llm`` uses the configured
  OpenAI-compatible model on the retrieved evidence instead.
- method ``star+tc``: STAR-RAG's rule-graph retrieval with the question's temporal constraint applied to the
  candidates, the paper's best variant; the symbolic reader derives that constraint (explicit dates and resolved
  anchors) and hands it to the retriever. It needs the rule graph (`tkgrag rules build`); ``--method vector`` works
  on any ingested graph.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from tkgrag.cli.common import console, friendly_errors, settings
from tkgrag.cli.evidence_table import evidence_table
from tkgrag.cli.safe_text import safe
from tkgrag.model import Answer
from tkgrag.retrievers.registry import METHODS


def print_explanation(a: Answer) -> None:
    """``--explain``: the linked mentions (span -> entity), the relation with its runners-up and scores, the
    constraint, the anchors and the order the symbolic reader applied."""
    grounding = getattr(a, "grounding", None)
    if grounding is None:
        console.print("[yellow]explain:[/] only the symbolic reader grounds the question; nothing to explain")
        return
    console.print("[bold]why this answer[/]")
    for line in grounding.explain():
        console.print(safe(f"  {line}"), highlight=False)


def print_answer(a: Answer) -> None:
    grounding = getattr(a, "grounding", None)
    supporting = getattr(a, "supporting", None)
    table = Table(title=safe(f"{a.reader} reader: {a.question}"), show_lines=False)
    for col in ("#", "answer", "score", "because"):
        table.add_column(col)
    for i, c in enumerate(a.answers, 1):
        facts = supporting(c, limit=2) if callable(supporting) else []
        because = "; ".join(f"{e.text}" for e in facts) or ", ".join(c.supporting_events[:2])
        table.add_row(str(i), safe(c.text), f"{c.score:.3f}", safe(because))
    console.print(table)
    if not a.answers:
        why = a.error or getattr(a, "no_answer", None)
        console.print("[yellow]no answer[/]", safe(f": {why}" if why else ""), sep="", highlight=False)

    console.print(evidence_table(f"evidence ({a.retrieval.method})", a.retrieval.evidence))
    for note in a.retrieval.notes:
        console.print("[yellow]note:[/]", safe(note), highlight=False)

    if grounding is not None:
        ents = ", ".join(
            f"{e.name} [{e.role.value}{', roles swapped by the graph' if e.role_source == 'graph' else ''}]"
            for e in grounding.entities
        )
        said = f"entities: {ents or '-'}; relation: {grounding.relation or '-'}; answer: {grounding.answer_role.value}"
        console.print(safe(said), highlight=False)
        if grounding.unlinked:
            console.print(safe(f"not linked: {', '.join(m.text for m in grounding.unlinked)}"))
        for ga in grounding.anchors:
            event = ga.event
            where = f"{event.text}" if event else "-"
            console.print(safe(f'anchor "{ga.anchor.trigger} {ga.anchor.text}": {ga.how} -> {where}'))
        console.print(f"order: {grounding.order.value}" + (f" #{grounding.position}" if grounding.position > 1 else ""))
    if a.rewritten_question:
        console.print(safe(f"rewritten: {a.rewritten_question}"), highlight=False)
    console.print(f"constraint: {a.constraint.describe() if a.constraint else '-'}", highlight=False)
    strategy = getattr(a, "strategy", "")
    if strategy:
        console.print(f"read from: {strategy}")
    timings = ", ".join(f"{k} {v:.0f} ms" for k, v in a.timings_ms.items())
    console.print(f"timings: {timings}; tokens: {a.tokens.total} ({a.tokens.calls} LLM calls)")


@friendly_errors
def ask(
    question: Annotated[str, typer.Argument(help="The question.")],
    method: Annotated[str, typer.Option("--method", "-m", help=f"One of: {', '.join(METHODS)}")] = "star+tc",
    reader: Annotated[str, typer.Option("--reader", "-r", help="symbolic (offline, exact) or llm.")] = "symbolic",
    k: Annotated[int, typer.Option("--k", min=1, help="How many events to retrieve.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="Show why: linked mentions (span -> entity), relation with runners-up and scores, constraint, anchor.",
        ),
    ] = False,
    server: Annotated[
        str | None, typer.Option("--server", help="A `tkgrag serve` URL, or off; default: the instance's, if running.")
    ] = None,
) -> None:
    """Answer a temporal question from the graph."""
    from tkgrag.cli import remote

    if remote.ask_via_server(server, question, method=method, reader=reader, k=k, as_json=as_json, explain=explain):
        return
    from tkgrag.api import TKGRag

    with TKGRag.connect(settings()) as rag:
        answer = rag.ask(question, method=method, reader=reader, k=k)
    if as_json:
        console.print_json(json.dumps(answer.as_dict(), default=str))
    else:
        print_answer(answer)
        if explain:
            print_explanation(answer)
