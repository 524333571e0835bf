"""`tkgrag mcp [--transport stdio|http]`: the MCP server (tools ask, retrieve, status, cypher) for LLM agents.

stdio is what agent hosts start as a subprocess (Claude Desktop, IDEs: ``{"command": "tkgrag", "args": ["mcp"]}``);
``--transport http`` serves streamable HTTP at ``http://HOST:PORT/mcp``, with the same token rule as `tkgrag serve`.
Logs go to stderr: on stdio, stdout carries the protocol.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Annotated, Literal

import typer

from tkgrag.cli.common import friendly_errors, settings

DEFAULT_MCP_PORT = 8766


@friendly_errors
def mcp(
    transport: Annotated[
        Literal["stdio", "http"], typer.Option(help="stdio (started by an agent) or http (streamable HTTP at /mcp).")
    ] = "stdio",
    host: Annotated[str, typer.Option(help="http: address to bind; beyond loopback a --token-file is required.")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(min=1, max=65535, help="http: TCP port.")] = DEFAULT_MCP_PORT,
    token_file: Annotated[
        Path | None, typer.Option("--token-file", help="http: file (mode 0600) holding the bearer token.")
    ] = None,
    method: Annotated[str, typer.Option("--method", "-m", help="Default method.")] = "star+tc",
    reader: Annotated[str, typer.Option("--reader", "-r", help="Default reader.")] = "symbolic",
    workers: Annotated[int, typer.Option(min=1, max=64, help="Tool calls answered at once.")] = 2,
    timeout: Annotated[float, typer.Option(min=0.1, help="Per-call budget in seconds.")] = 60.0,
) -> None:
    """Serve ask/retrieve/status/cypher to MCP agents."""
    from tkgrag.cli.serve_cmd import need_extra

    need_extra("mcp", "mcp", "uvicorn")
    from tkgrag.api import TKGRag
    from tkgrag.retrievers.registry import method as method_of
    from tkgrag.service.engine import Engine, EngineLimits
    from tkgrag.service.mcp import create_mcp
    from tkgrag.service.ops import ServiceInfo

    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    method_of(method)
    cfg = settings()
    engine = Engine(lambda: TKGRag.connect(cfg), EngineLimits(workers=workers, queue=8, timeout_s=timeout))
    info = ServiceInfo(
        instance=cfg.server.instance,
        neo4j_uri=cfg.neo4j_uri or f"bolt://127.0.0.1:{cfg.server.bolt_port}",
        default_method=method,
        default_reader=reader,
    )
    server = create_mcp(engine, info)
    if transport == "stdio":
        server.run("stdio")
        return

    import uvicorn

    from tkgrag.cli.serve_cmd import port_free
    from tkgrag.service.access import required_token
    from tkgrag.service.http import Guard
    from tkgrag.service.requests import RequestLimits

    token = required_token(host, token_file)
    port_free(host, port)
    engine.start(((method, reader),))
    app = Guard(server.streamable_http_app(host=host), token, RequestLimits(max_body_bytes=1024 * 1024))
    logging.getLogger("tkgrag.service").info("MCP over streamable HTTP at http://%s:%d/mcp", host, port)
    try:
        uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_config=None, timeout_graceful_shutdown=5)).run()
    finally:
        engine.close()
