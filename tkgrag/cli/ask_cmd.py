"""`tkgrag ask "QUESTION" [--method auto] [--reader auto|symbolic|ranked|extractive|llm] [--k 10] [--json]
[--explain]`: answer a question, or say "no answer" and why.

Prints the ranked answers (labels, each with the items that justify it), the retrieved evidence with dates, the
facts the reader read (marked "retrieved" or "graph read", so the method's part is visible), how the question was
understood (entities and roles, relation, anchor events, the temporal constraint and the TimeR4-style rewritten
question), then timings and LLM tokens.

Exit status, for scripts: 0 an answer was given; 3 no answer (the reason is printed: a mention no entity matched, a
relation the graph lacks, an anchor event not in the graph, nothing found); 4 the reader failed (e.g. the LLM endpoint
is down); 1 an error (bad setup, server gone), 2 a usage error.

Defaults, and why:
- reader ``auto``: the reader of what the method returned (``readers.registry.reader_for``): ``symbolic`` for events
  and facts (offline, zero tokens, exact temporal operators over a bounded read of the graph), ``ranked`` for
  methods that rank answers themselves (EXAQT), ``extractive`` for passages and chunks. ``--reader llm`` uses the
  configured OpenAI-compatible model on the retrieved evidence instead.
- method ``auto``: the planner (``tkgrag.planning.planner``) picks, per question, the kind(s) of knowledge and the
  best method the store is prepared for (events: timer4, star+ or vector+tc; facts: exaqt; passages: mrag+; chunks:
  fastinsight, chunk-ppr or chunk-vector), fuses the kinds when the question could be about any of them, and answers
  from the most confident reader. The plan (methods, why, what was skipped and why) is in the notes, ``--explain``
  and ``--json`` (``retrieval.plan``). A star* method named on a stale rule graph gets a one-line warning.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from tkgrag.cli.common import AsOfRecordOpt, console, friendly_errors, settings
from tkgrag.cli.evidence_table import evidence_table
from tkgrag.cli.safe_text import print_json, safe
from tkgrag.model import Answer, AnswerCandidate, Evidence
from tkgrag.retrievers.base import MAX_K
from tkgrag.retrievers.registry import METHODS

EXIT_ANSWERED = 0
EXIT_NO_ANSWER = 3
EXIT_READER_FAILED = 4


def exit_code(a: Answer) -> int:
    if a.answers:
        return EXIT_ANSWERED
    return EXIT_READER_FAILED if a.error else EXIT_NO_ANSWER


def print_explanation(a: Answer) -> None:
    """``--explain``: the linked mentions (span -> entity), the relation with its runners-up and scores, the
    constraint, the anchors and the order, from the question's understanding."""
    u = a.understanding
    if u is None:
        console.print("[yellow]explain:[/] the question was not understood before reading; nothing to explain")
        return
    console.print("[bold]how the question was understood[/]")
    for line in u.explain():
        console.print(safe(f"  {line}"), highlight=False)
    for gap in u.gaps():
        console.print(safe(f"  not understood: {gap}"), highlight=False)
    print_plan(a.retrieval.plan)


def plan_values(plan: dict[str, Any]) -> list[str]:
    """The numbers the plan was decided on: the fitted router's probability per class (when a router was used),
    each kind's calibrated value (its probe as a percentile of the kind's null; "-" no claim) and the kinds dropped."""
    out: list[str] = []
    if plan.get("routed"):
        said = ", ".join(f"{c} {p:.2f}" for c, p in plan["routed"].items())
        out.append(f"fitted router {plan.get('router') or ''}: {said}".replace("  ", " "))
    if plan.get("calibrated"):
        said = ", ".join(f"{k}s {'-' if v is None else f'{v:.2f}'}" for k, v in plan["calibrated"].items())
        out.append(f"calibrated values: {said}")
    out.extend(f"dropped {d['kind']}s: {d['why']}" for d in plan.get("dropped", []))
    return out


def print_plan(plan: dict[str, Any] | None) -> None:
    """``--explain`` for ``auto``: the kinds and why, each kind's method and why, what was skipped and why."""
    if plan is None:
        return
    console.print("[bold]how the method was chosen (auto)[/]")
    console.print(safe(f"  {plan['why']}"), highlight=False)
    for line in plan_values(plan):
        console.print(safe(f"  {line}"), highlight=False)
    for s in plan["steps"]:
        fallback = f" (fallback: {', '.join(s['methods'][1:])})" if len(s["methods"]) > 1 else ""
        console.print(safe(f"  {s['kind']}s -> {s['methods'][0]}: {s['why']}{fallback}"), highlight=False)
    if plan["fused"]:
        console.print(f"  fused by {plan['fusion']}", highlight=False)
    for s in plan["skipped"]:
        console.print(safe(f"  skipped {s['method']}: {s['why']}"), highlight=False)


def _because(a: Answer, c: AnswerCandidate) -> str:
    """The items that state an answer, by their text (never by key: keys can be hashes)."""
    supporting = getattr(a, "supporting", None)
    if callable(supporting):
        facts = supporting(c, limit=2)
        source_of = getattr(a, "source_of", None)
        return "; ".join(f"{e.text}" + (f" [{source_of(e.key)}]" if callable(source_of) else "") for e in facts)
    texts = {e.key: e.text for e in a.retrieval.evidence}
    return "; ".join(texts[k] for k in c.supporting_events[:2] if k in texts)


def print_answer(a: Answer) -> None:
    grounding = getattr(a, "grounding", None)
    table = Table(title=safe(f"{a.reader} reader: {a.question}"), show_lines=False)
    for col in ("#", "answer", "score", "because"):
        table.add_column(col)
    for i, c in enumerate(a.answers, 1):
        table.add_row(str(i), safe(c.text), f"{c.score:.3f}", safe(_because(a, c)))
    if a.answers:
        console.print(table)
        console.print(f"confidence: {a.confidence:.2f}", highlight=False)
    else:
        why = a.error or a.abstained
        console.print("[yellow]no answer[/]", safe(f": {why}" if why else ""), sep="", highlight=False)

    console.print(evidence_table(f"evidence ({a.retrieval.method})", a.retrieval.evidence))
    read: frozenset[str] = getattr(a, "read_from_graph", frozenset())
    facts: dict[str, Evidence] = getattr(a, "facts", {})
    if read:
        keys = dict.fromkeys(k for c in a.answers[:3] for k in c.supporting_events[:3] if k in read and k in facts)
        if keys:
            console.print(evidence_table("also read from the graph (not retrieved)", [facts[k] for k in keys]))
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
    method: Annotated[
        str, typer.Option("--method", "-m", help=f"auto (the default) or one of: {', '.join(METHODS)}")
    ] = "auto",
    reader: Annotated[
        str,
        typer.Option(
            "--reader", "-r", help="auto (by what was retrieved), symbolic, ranked, extractive (offline) or llm."
        ),
    ] = "auto",
    k: Annotated[int, typer.Option("--k", min=1, max=MAX_K, help="How many events to retrieve.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="Show why: linked mentions (span -> entity), relation with runners-up and scores, constraint, anchor.",
        ),
    ] = False,
    as_of_record: AsOfRecordOpt = None,
    server: Annotated[
        str | None, typer.Option("--server", help="A `tkgrag serve` URL, or off; default: the instance's, if running.")
    ] = None,
) -> None:
    """Answer a question from the graph, or say "no answer" and why.

    Exit status: 0 answered; 3 no answer (the reason is printed); 4 the reader failed (e.g. the LLM endpoint is
    down); 1 an error such as a server that is not running.
    """
    from tkgrag.cli import remote

    if as_of_record is None and remote.ask_via_server(
        server, question, method=method, reader=reader, k=k, as_json=as_json, explain=explain
    ):
        return
    from tkgrag.api import TKGRag
    from tkgrag.record_time import parse_record_time

    as_of = parse_record_time(as_of_record)
    with TKGRag.connect(settings()) as rag:
        answer = rag.ask(question, method=method, reader=reader, k=k, as_of=as_of)
    if as_json:
        print_json(console, answer.as_dict())
    else:
        print_answer(answer)
        if explain:
            print_explanation(answer)
    code = exit_code(answer)
    if code:
        raise typer.Exit(code)
