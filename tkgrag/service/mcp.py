"""`tkgrag mcp`: the same operations as the HTTP service as MCP tools (official ``mcp`` SDK, ``MCPServer``), over
stdio (an agent starts it as a subprocess) or streamable HTTP.

Tools: ``ask``, ``retrieve``, ``status`` and a read-only ``cypher``. The engine starts in the background as the
server comes up, so the agent's ``initialize`` is answered at once; a tool called before the models are loaded
waits for them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from dataclasses import asdict
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations

from tkgrag import __version__
from tkgrag.errors import TkgragError
from tkgrag.model import ItemKind
from tkgrag.service import ops
from tkgrag.service.engine import Engine
from tkgrag.service.ops import ServiceInfo
from tkgrag.service.readonly import run_read_only
from tkgrag.service.requests import RequestLimits

log = logging.getLogger("tkgrag.service")

INSTRUCTIONS = (
    "Temporal knowledge-graph QA over a Neo4j store of dated events (subject, relation, object, time). "
    "Use `ask` for an answer with its evidence, `retrieve` for ranked evidence only, `status` for what the store "
    "holds, and `cypher` for read-only Cypher (pass values in `params`, never inside the text)."
)


async def _guard(work: Awaitable[dict[str, Any]]) -> dict[str, Any]:
    """Expected failures (bad input, an unknown method, the store gone, over budget) reach the agent as their
    message; anything else stays a crash that the SDK logs and reports generically."""
    try:
        return await work
    except (TkgragError, ValueError) as exc:
        raise ToolError(str(exc)) from None


def _check(question: str, k: int, limits: RequestLimits) -> None:
    if not question.strip():
        raise ValueError("question: empty")
    if len(question) > limits.max_question_chars:
        raise ValueError(f"question: {len(question)} characters, more than {limits.max_question_chars}")
    if not 1 <= k <= limits.k_max:
        raise ValueError(f"k: {k} is outside 1..{limits.k_max}")


def _report_start(task: asyncio.Task[None]) -> None:
    """One log line when the engine cannot start (the store is down); tools then answer with the reason."""
    if not task.cancelled() and task.exception() is not None:
        log.error("cannot serve: %s", task.exception())


def create_mcp(engine: Engine, info: ServiceInfo, limits: RequestLimits | None = None) -> MCPServer[Any]:
    limits = limits or RequestLimits()
    started: asyncio.Task[None] | None = None

    async def ready() -> None:
        if started is not None:
            try:
                await asyncio.shield(started)
            except TkgragError as exc:
                raise ToolError(f"the store is not available: {exc}") from None

    @asynccontextmanager
    async def lifespan(_: MCPServer[Any]) -> AsyncIterator[None]:
        # stdio: one session, this lifespan owns the engine. Streamable HTTP runs it per session; there the
        # command starts the engine first and closes it after the server, so a session's end closes nothing.
        nonlocal started
        owner = not engine.ready and started is None
        if owner:
            started = asyncio.create_task(
                asyncio.to_thread(engine.start, ((info.default_method, info.default_reader),))
            )
            started.add_done_callback(_report_start)
        try:
            yield
        finally:
            if owner:
                if started is not None and not started.done():
                    await asyncio.wait([started])
                await asyncio.to_thread(engine.close)

    server: MCPServer[Any] = MCPServer(
        "tkgrag", version=__version__, instructions=INSTRUCTIONS, lifespan=lifespan, log_level="WARNING"
    )
    read_only = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

    @server.tool(annotations=read_only)
    async def ask(
        question: str,
        method: str | None = None,
        reader: str | None = None,
        k: int = 10,
        before: str | None = None,
        after: str | None = None,
        during: str | None = None,
    ) -> dict[str, Any]:
        """Answer a temporal question: ranked answers, each with the events that support it, the evidence, the
        temporal constraint applied and why. Dates: YYYY, YYYY-MM or YYYY-MM-DD; during also A..B."""
        try:
            _check(question, k, limits)
        except ValueError as exc:
            raise ToolError(str(exc)) from None
        await ready()
        return await _guard(
            ops.ask(
                engine, info, question, method=method, reader=reader, k=k, before=before, after=after, during=during
            )
        )

    @server.tool(annotations=read_only)
    async def retrieve(
        question: str,
        method: str | None = None,
        k: int = 10,
        before: str | None = None,
        after: str | None = None,
        during: str | None = None,
        kinds: list[str] | None = None,
    ) -> dict[str, Any]:
        """Ranked evidence (events, facts, passages, chunks) a retrieval method finds for a question."""
        try:
            _check(question, k, limits)
            wanted = [ItemKind.parse(x) for x in kinds] if kinds else None
        except ValueError as exc:
            raise ToolError(str(exc)) from None
        await ready()
        return await _guard(
            ops.retrieve(
                engine, info, question, method=method, k=k, before=before, after=after, during=during, kinds=wanted
            )
        )

    @server.tool(annotations=read_only)
    async def status() -> dict[str, Any]:
        """Version, store counts (entities, events, passages, chunks, rules), defaults, limits."""
        await ready()
        return await _guard(ops.status(engine, info))

    @server.tool(annotations=read_only)
    async def cypher(
        query: str, params: dict[str, Any] | None = None, max_rows: int = 100, timeout_s: float = 10.0
    ) -> dict[str, Any]:
        """Run read-only Cypher (a read transaction: writes are refused) with ``params`` passed apart from the
        text; at most ``max_rows`` rows (<= 1000) and ``timeout_s`` seconds (<= 60)."""
        await ready()

        async def run() -> dict[str, Any]:
            result = await engine.run(
                "cypher", run_read_only, engine.rag.store, query, params, max_rows=max_rows, timeout_s=timeout_s
            )
            return asdict(result)

        return await _guard(run())

    return server


__all__ = ["TkgragError", "create_mcp"]
