"""`tkgrag serve [--host 127.0.0.1] [--port 8765] [--token-file PATH]`: the warm HTTP service (see
``tkgrag.service.http``). One process holds the store connection and the models; `tkgrag ask` finds it through the
instance's run directory and answers in a fraction of a second instead of reloading everything."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Annotated

import typer

from tkgrag.cli.common import friendly_errors, settings

DEFAULT_PORT = 8765


def need_extra(extra: str, *modules: str) -> None:
    """A clear message instead of an ImportError when an optional part is not installed."""
    import importlib.util

    from tkgrag.errors import ConfigError

    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise ConfigError(
            f"this command needs {', '.join(missing)}, which are not installed: pip install 'tkgrag[{extra}]'"
        )


@friendly_errors
def serve(
    host: Annotated[str, typer.Option(help="Address to bind; beyond loopback a --token-file is required.")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")] = DEFAULT_PORT,
    token_file: Annotated[
        Path | None, typer.Option("--token-file", help="File (mode 0600) holding the bearer token callers must send.")
    ] = None,
    method: Annotated[str, typer.Option("--method", "-m", help="Default method of requests that name none.")] = (
        "auto"
    ),
    reader: Annotated[
        str,
        typer.Option(
            "--reader",
            "-r",
            help="Default reader of requests that name none (auto: the reader of what each method returned, so a "
            "passage or chunk answer is read by the extractive reader, not the event reader).",
        ),
    ] = "auto",
    workers: Annotated[int, typer.Option(min=1, max=64, help="Requests answered at once.")] = 4,
    queue: Annotated[int, typer.Option(min=0, max=1024, help="Requests that may wait for a worker (then 503).")] = 16,
    timeout: Annotated[float, typer.Option(min=0.1, help="Per-request budget in seconds (then 504).")] = 30.0,
    max_question: Annotated[int, typer.Option(min=1, help="Longest question accepted, in characters.")] = 1000,
    k_max: Annotated[int, typer.Option(min=1, help="Largest k accepted.")] = 100,
    max_body: Annotated[int, typer.Option(min=256, help="Largest request body, in bytes.")] = 64 * 1024,
    allow_ingest: Annotated[
        bool, typer.Option("--allow-ingest", help="Accept POST /v1/ingest (facts/passages into the store).")
    ] = False,
) -> None:
    """Serve ask/retrieve over HTTP (OpenAPI at /docs) with the models loaded once."""
    need_extra("serve", "fastapi", "uvicorn")
    import uvicorn

    from tkgrag.api import TKGRag
    from tkgrag.retrievers.registry import method as method_of
    from tkgrag.service import runfile
    from tkgrag.service.access import is_loopback, required_token
    from tkgrag.service.engine import Engine, EngineLimits
    from tkgrag.service.http import create_app
    from tkgrag.service.ops import ServiceInfo
    from tkgrag.service.requests import RequestLimits

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if method != "auto":
        method_of(method)  # an unknown default is a usage error now, not on the first request
    token = required_token(host, token_file)
    cfg = settings()
    engine = Engine(lambda: TKGRag.connect(cfg), EngineLimits(workers=workers, queue=queue, timeout_s=timeout))
    limits = RequestLimits(max_question_chars=max_question, k_max=k_max, max_body_bytes=max_body)
    local = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    url = f"http://{'[' + local + ']' if ':' in local else local}:{port}"
    info = ServiceInfo(
        instance=cfg.server.instance,
        neo4j_uri=cfg.neo4j_uri or f"bolt://127.0.0.1:{cfg.server.bolt_port}",
        default_method=method,
        default_reader=reader,
        limits={"max_question_chars": max_question, "k_max": k_max, "max_body_bytes": max_body},
        ingest=allow_ingest,
    )
    pid = os.getpid()
    served = runfile.Served(url, pid, str(token_file.resolve()) if token_file else None)
    log = logging.getLogger("tkgrag.service")

    def started() -> None:
        path = runfile.write(cfg, served)
        who = "loopback only" if is_loopback(host) and token is None else "bearer token required"
        log.info("serving %s (%s); OpenAPI at %s/docs; run file %s", url, who, url, path)

    app = create_app(
        engine,
        info,
        token=token,
        limits=limits,
        on_started=started,
        on_stopping=lambda: runfile.remove(cfg, pid),
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,
        timeout_graceful_shutdown=int(timeout) + 5,
        timeout_keep_alive=5,
        limit_concurrency=workers + queue + 32,  # beyond it uvicorn answers 503 without reading the request
    )
    port_free(host, port)
    log.info("starting: connecting to the store and loading the models (instance %s)", cfg.server.instance)
    engine.start(((method, reader),))
    uvicorn.Server(config).run()


def port_free(host: str, port: int) -> None:
    """Say that the port is taken before spending seconds on loading models (uvicorn would only log it later)."""
    import socket

    from tkgrag.errors import ConfigError

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            raise ConfigError(
                f"cannot bind {host}:{port}: {exc.strerror or exc} (another `tkgrag serve`? use --port)"
            ) from None
