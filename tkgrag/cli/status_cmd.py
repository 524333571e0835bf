"""`tkgrag status [--json]`: what the store holds per kind, and per method ready / stale (since when) / missing
(what) with the one command that makes it ready. About the data; `tkgrag doctor` checks the server. Read-only."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from tkgrag.cli.common import console, friendly_errors, settings
from tkgrag.cli.safe_text import print_json, safe
from tkgrag.planning.inventory import Inventory
from tkgrag.planning.readiness import PREPARE_COMMAND, TITLE_KEYS, State

PREPARED_BY_PREPARE = frozenset(
    {
        "tkgrag ingest embed",
        "tkgrag ingest sentences",
        "tkgrag corpus link",
        "tkgrag rules build",
        "tkgrag ingest embed --model time-aware",
        "tkgrag ingest embed --model time-aware --refresh",
    }
)
_STYLE = {State.READY: "green", State.STALE: "yellow", State.MISSING: "red"}


def print_status(inv: Inventory, out: Console | None = None) -> None:
    out = out or console
    c = inv.counts
    kinds = Table(title="what the store holds")
    for col in ("kind", "items", "details"):
        kinds.add_column(col)
    rule = f"rule graph built {inv.rule_graph_built}" if inv.rule_graph_built else "no rule graph"
    kinds.add_row("events", f"{c.events:,}", f"{rule}; {c.tks_vectors:,} TKS vectors (events and facts)")
    kinds.add_row("facts", f"{c.facts:,}", "")
    kinds.add_row("passages", f"{c.passages:,}", f"{c.sentences:,} sentences; {c.passages_unsplit:,} passages unsplit")
    kinds.add_row("chunks", f"{c.chunks:,}", f"{c.documents:,} documents; {c.chunk_links:,} chunk links")
    out.print(kinds)
    methods = Table(title="methods on this store (tkgrag ask|retrieve --method NAME; default auto)")
    for col in ("method", "state", "why", "since", "to make it ready"):
        methods.add_column(col)
    for name, r in inv.methods.items():
        state = f"[{_STYLE[r.state]}]{r.state.value}[/]"
        methods.add_row(name, state, safe(r.reason), r.since or "", safe(r.command or ""))
    out.print(methods)
    out.print(safe(f"cross-encoder: {inv.cross_encoder.said}"), highlight=False)
    for line in inv.coverage:  # where a source holds only a sample: first/last answers there are withheld
        out.print(safe(f"coverage: {line}"), highlight=False)
    keys = inv.prepared.get(TITLE_KEYS)
    if keys is not None and keys.state is not State.READY:
        out.print(safe(f"title keys: {keys.reason}: `{keys.command}`"), highlight=False)
    todo = sorted({r.command for r in inv.methods.values() if r.command and r.state is not State.READY})
    if keys is not None and keys.state is not State.READY:
        todo.append(PREPARE_COMMAND)
    if any(c in PREPARED_BY_PREPARE or c == PREPARE_COMMAND for c in todo):
        out.print("`tkgrag prepare` runs the preparation steps this data needs.")
    elif not todo:
        out.print("[green]every method is ready[/]")


@friendly_errors
def status(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """What the store holds per kind, and per method: ready, stale (since when) or missing, with the command that
    makes it ready."""
    from tkgrag.planning.inventory import take_inventory
    from tkgrag.store import connect

    with connect(settings()) as store:
        inv = take_inventory(store)
    if as_json:
        print_json(console, inv.as_dict())
    else:
        print_status(inv)
