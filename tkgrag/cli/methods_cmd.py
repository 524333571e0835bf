"""`tkgrag methods [--check]`: every retrieval method with the kinds it returns and what it needs."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from tkgrag.cli.common import console, friendly_errors, settings
from tkgrag.retrievers.base import Need
from tkgrag.retrievers.registry import METHODS
from tkgrag.store import Store


def _readiness(store: Store) -> dict[Need, str]:
    """Whether each need is met on this store and machine, in words."""
    from tkgrag.llm.settings import load_llm_settings
    from tkgrag.retrievers.star.persist import staleness

    st = staleness(store)
    llm = load_llm_settings()
    return {
        Need.CONSTRAINTS: "yes",
        Need.RULE_GRAPH: ("stale: " if st.stale else "built: ") + st.reason,
        Need.LLM: "configured" if llm.configured else "not configured (OPENAI_BASE_URL, OPENAI_API_KEY)",
        Need.CROSS_ENCODER: _cross_encoder(),
        Need.TIME_AWARE_MODEL: _time_aware(store),
    }


def _cross_encoder() -> str:
    """FastInsight / Re2's cross-encoder: which one would load, or how to get one."""
    from tkgrag.errors import ConfigError
    from tkgrag.rerank.cross_encoder import reranker_name

    try:
        return f"cross-encoder {reranker_name()}"
    except ConfigError as exc:
        return str(exc)


def _time_aware(store: Store) -> str:
    """TimeR4's time-aware retriever: whether it is trained and the TKS filled, or what to run."""
    from tkgrag.errors import ConfigError
    from tkgrag.retrievers.timer4.tks import identify, tks_ready

    try:
        identity = identify()
    except ConfigError as exc:
        return str(exc)
    problem = tks_ready(store, identity)
    return problem if problem else f"{identity.path}, TKS index online, written by this encoder ({identity.encoder})"


@friendly_errors
def methods(
    check: Annotated[bool, typer.Option("--check", help="Connect and say whether each need is met.")] = False,
) -> None:
    """List the retrieval methods: the item kinds each returns and what it needs."""
    ready: dict[Need, str] = {}
    if check:
        from tkgrag.store import connect

        with connect(settings()) as store:
            ready = _readiness(store)
    table = Table(title="retrieval methods (tkgrag retrieve|ask|eval --method NAME)")
    for col in ("method", "returns", "needs", "what it does"):
        table.add_column(col)
    table.add_row(
        "auto",
        "any",
        "-",
        "the default: per question, the kind(s) and the best method this store is prepared for (tkgrag status), "
        "kinds fused by RRF, the answer from the most confident reader; the plan is in the notes and --explain",
    )
    for m in METHODS.values():
        needs = sorted(m.needs, key=lambda n: n.value)
        said = [f"{n.value} ({ready[n]})" if n in ready and n is not Need.CONSTRAINTS else n.value for n in needs]
        table.add_row(m.name, ", ".join(sorted(k.value for k in m.kinds)), "; ".join(said) or "-", m.description)
    console.print(table)
