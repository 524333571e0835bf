"""The HTTP service: FastAPI on uvicorn.

FastAPI rather than bare Starlette: the request bodies are pydantic models (validation with per-field messages, the
limits in the schema) and the response schemas come from ``tkgrag.model`` through ``convert.model_of``, so /docs
(OpenAPI) describes exactly what is served at no extra cost; Starlette alone would need both written by hand.
"""

import asyncio
import hmac
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import create_model
from starlette.exceptions import HTTPException as StarletteHTTPException

from tkgrag import __version__
from tkgrag.errors import ConfigError, TkgragError
from tkgrag.model import Answer, Retrieval
from tkgrag.retrievers.registry import METHODS
from tkgrag.service import ops
from tkgrag.service.convert import model_of
from tkgrag.service.engine import Busy, Engine, OverBudget
from tkgrag.service.ops import ServiceInfo
from tkgrag.service.requests import IngestRequest, RequestLimits, request_models

log = logging.getLogger("tkgrag.service")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

OPEN_PATHS = frozenset({"/healthz"})


def _json_error(status: int, message: str, **more: Any) -> JSONResponse:
    return JSONResponse({"error": message, **more}, status_code=status)


async def _send_error(send: Send, status: int, message: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            + (headers or []),
        }
    )
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware in front of everything: the bearer token, then the body read whole within its size and
    time limits (413 / 408 before any handler runs), then the app with that body replayed."""

    def __init__(self, app: ASGIApp, token: str | None, limits: RequestLimits) -> None:
        self.app, self.token, self.limits = app, token, limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if self.token is not None and scope.get("path") not in OPEN_PATHS:
            given = headers.get("authorization", "")
            scheme, _, value = given.partition(" ")
            if scheme.lower() != "bearer" or not hmac.compare_digest(value.strip().encode(), self.token.encode()):
                log.warning(
                    "refused %s %s: %s",
                    scope.get("method"),
                    scope.get("path"),
                    "no token" if not given else "wrong token",
                )
                await _send_error(
                    send,
                    401,
                    "missing or wrong bearer token (Authorization: Bearer <token>)",
                    [(b"www-authenticate", b"Bearer")],
                )
                return
        declared = headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limits.max_body_bytes):
            await _send_error(send, 413, f"request body over {self.limits.max_body_bytes} bytes")
            return
        chunks: list[bytes] = []
        size = 0
        deadline = time.monotonic() + self.limits.body_timeout_s
        while True:
            try:
                message = await asyncio.wait_for(receive(), timeout=max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                await _send_error(send, 408, f"request body not received within {self.limits.body_timeout_s:g} s")
                return
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limits.max_body_bytes:
                await _send_error(send, 413, f"request body over {self.limits.max_body_bytes} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _validation_message(exc: RequestValidationError) -> tuple[int, str, list[dict[str, Any]]]:
    details = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        details.append({"field": where, "message": err.get("msg", "invalid")})
        if err.get("type") == "json_invalid":
            ctx = err.get("ctx") or {}
            return 400, f"malformed JSON: {ctx.get('error', 'cannot parse the body')}", []
    said = "; ".join(f"{d['field']}: {d['message']}" for d in details)
    return 422, f"invalid request: {said}", details


def create_app(
    engine: Engine,
    info: ServiceInfo,
    *,
    token: str | None = None,
    limits: RequestLimits | None = None,
    on_started: Callable[[], None] | None = None,
    on_stopping: Callable[[], None] | None = None,
) -> ASGIApp:
    """The ASGI app. ``engine.start`` runs in the lifespan (in a thread: the event loop is not blocked while the
    store connects and the models load); ``on_started`` / ``on_stopping`` bracket serving (the run file)."""
    limits = limits or RequestLimits()
    ask_model, retrieve_model = request_models(limits)
    answer_model = create_model(
        "AskResponse",
        __base__=model_of(Answer),
        explain=(list[str], ...),
        extra=(dict[str, Any], ...),
        elapsed_ms=(float, ...),
    )
    retrieval_model = create_model("RetrieveResponse", __base__=model_of(Retrieval), elapsed_ms=(float, ...))

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if not engine.ready:
            await asyncio.to_thread(engine.start, ((info.default_method, info.default_reader),))
        if on_started:
            on_started()
        try:
            yield
        finally:
            log.info("stopping: no new requests; closing the store")
            if on_stopping:
                on_stopping()
            await asyncio.to_thread(engine.close)

    app = FastAPI(
        title="tkgrag",
        version=__version__,
        summary="Temporal knowledge-graph RAG: ask and retrieve over one warm store.",
        lifespan=lifespan,
    )

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        status, message, details = _validation_message(exc)
        return _json_error(status, message, details=details) if details else _json_error(status, message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _json_error(exc.status_code, str(exc.detail))

    @app.exception_handler(Busy)
    async def busy(_: Request, exc: Busy) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=503, headers={"retry-after": "1"})

    @app.exception_handler(OverBudget)
    async def over_budget(_: Request, exc: OverBudget) -> JSONResponse:
        more = ops.partial_body(exc.partial)
        return _json_error(504, str(exc), elapsed_ms=round(exc.elapsed_ms, 1), stage=exc.stage, **more)

    @app.exception_handler(ops.IngestRefused)
    async def refused(_: Request, exc: ops.IngestRefused) -> JSONResponse:
        return _json_error(403, str(exc))

    @app.exception_handler(ConfigError)
    async def bad_value(_: Request, exc: ConfigError) -> JSONResponse:
        return _json_error(400, str(exc))

    @app.exception_handler(ValueError)
    async def bad_input(_: Request, exc: ValueError) -> JSONResponse:
        return _json_error(400, str(exc))

    @app.exception_handler(TkgragError)
    async def store_error(_: Request, exc: TkgragError) -> JSONResponse:
        # the store went away or refused a query: the message says which and what to do
        return _json_error(503, str(exc))

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return _json_error(500, f"internal error ({type(exc).__name__}); the server log has the details")

    @app.get("/healthz", summary="Liveness: 200 once the store is connected and the models are loaded.")
    async def healthz() -> dict[str, Any]:
        _ = engine.rag  # raises (503) while starting
        return {"ok": True, "version": __version__}

    @app.get("/v1/methods", summary="The retrieval methods this server can use.")
    async def methods() -> dict[str, Any]:
        return {"methods": list(METHODS), "default": info.default_method, "reader": info.default_reader}

    @app.get("/v1/status", summary="Version, store, counts, limits and request statistics.")
    async def status() -> dict[str, Any]:
        return await ops.status(engine, info)

    @app.post("/v1/ask", response_model=answer_model, summary="Answer a question (an Answer with its Retrieval).")
    async def ask(body: ask_model) -> JSONResponse:  # type: ignore[valid-type]
        req: Any = body
        return JSONResponse(
            await ops.ask(
                engine,
                info,
                req.question,
                method=req.method,
                reader=req.reader,
                k=req.k,
                before=req.before,
                after=req.after,
                during=req.during,
            )
        )

    @app.post("/v1/retrieve", response_model=retrieval_model, summary="Retrieve ranked items for a question.")
    async def retrieve(body: retrieve_model) -> JSONResponse:  # type: ignore[valid-type]
        req: Any = body
        return JSONResponse(
            await ops.retrieve(
                engine,
                info,
                req.question,
                method=req.method,
                k=req.k,
                before=req.before,
                after=req.after,
                during=req.during,
                kinds=req.kinds,
            )
        )

    @app.post("/v1/ingest", summary="Ingest facts or passages (JSON items as in the file formats); opt-in.")
    async def ingest(body: IngestRequest) -> JSONResponse:
        return JSONResponse(await ops.ingest(engine, info, body.source, body.kind, body.items, body.embed))

    return Guard(app, token, limits)
