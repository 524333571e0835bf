"""Clients of `tkgrag serve`, mirroring ``TKGRag``: ``ask`` returns an ``Answer``, ``retrieve`` a ``Retrieval``.

from tkgrag.client import Client
with Client("http://127.0.0.1:8765") as rag:
    rag.ask("Who consulted Iran in May 2014?").best

The bodies are decoded back into the library's own dataclasses (``convert.from_jsonable``), so code written against
``TKGRag`` works against a server unchanged. Light on purpose: httpx and the domain types, no driver, no torch.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tkgrag.errors import TkgragError
from tkgrag.model import ItemKind, TemporalConstraint, TemporalRelation
from tkgrag.remote_model import RemoteAnswer, RemoteRetrieval
from tkgrag.service.jsonable import from_jsonable

DEFAULT_TIMEOUT_S = 60.0


__all__ = ["AsyncClient", "Client", "RemoteAnswer", "RemoteRetrieval", "ServiceError"]


class ServiceError(TkgragError):
    """The server answered with an error (its JSON message) or could not be reached."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


def _when(constraint: TemporalConstraint | None) -> dict[str, str]:
    """A constraint as the request's before/after/during field (spans round-trip through their labels)."""
    if constraint is None:
        return {}
    if constraint.anchor_event:
        raise ValueError("a constraint relative to an anchor event cannot be sent; give its period instead")
    label = constraint.span.label()
    name = {TemporalRelation.BEFORE: "before", TemporalRelation.AFTER: "after"}.get(constraint.relation, "during")
    if name == "before" and constraint.span.start is not None:
        label = label.split("..")[0]
    elif name == "after" and constraint.span.end is not None:
        label = label.split("..")[-1]
    return {name: label}


def _body(
    question: str, method: str | None, k: int, constraint: TemporalConstraint | None, **more: Any
) -> dict[str, Any]:
    body: dict[str, Any] = {"question": question, "k": k, **_when(constraint)}
    if method:
        body["method"] = method
    body.update({key: v for key, v in more.items() if v is not None})
    return body


def _ingest_body(items: list[dict[str, Any]], source: str, kind: str, embed: bool) -> dict[str, Any]:
    return {"source": source, "kind": kind, "items": list(items), "embed": embed}


def _headers(token: str | None, token_file: str | Path | None) -> dict[str, str]:
    if token is None and token_file is not None:
        token = Path(token_file).read_text(encoding="utf-8").strip()
    return {"authorization": f"Bearer {token}"} if token else {}


def _check(response: httpx.Response) -> dict[str, Any]:
    try:
        data = response.json()
    except ValueError:
        data = None
    if response.status_code >= 400:
        said = data.get("error") if isinstance(data, dict) else response.text[:200]
        raise ServiceError(f"server said {response.status_code}: {said}", response.status_code)
    if not isinstance(data, dict):
        raise ServiceError(f"server sent a body that is not a JSON object (status {response.status_code})")
    return data


def _answer(data: dict[str, Any], url: str) -> RemoteAnswer:
    a = from_jsonable(RemoteAnswer, data)
    a.served_by = url
    return a


def _retrieval(data: dict[str, Any], url: str) -> RemoteRetrieval:
    r = from_jsonable(RemoteRetrieval, data)
    r.served_by = url
    return r


def _unreachable(url: str, exc: httpx.HTTPError) -> ServiceError:
    if isinstance(exc, httpx.TimeoutException):
        return ServiceError(f"{url} did not answer in time ({type(exc).__name__})")
    return ServiceError(f"cannot reach {url}: {exc}")


class Client:
    """Synchronous client; ``token`` (or ``token_file``) when the server requires one."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        *,
        token_file: str | Path | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
    ) -> None:
        self.url = url.rstrip("/")
        self._http = httpx.Client(base_url=self.url, headers=_headers(token, token_file), timeout=timeout)

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        try:
            return _check(self._http.post(path, json=body))
        except httpx.HTTPError as exc:
            raise _unreachable(self.url, exc) from None

    def _get(self, path: str) -> dict[str, Any]:
        try:
            return _check(self._http.get(path))
        except httpx.HTTPError as exc:
            raise _unreachable(self.url, exc) from None

    def ask(
        self,
        question: str,
        method: str | None = None,
        reader: str | None = None,
        k: int = 10,
        constraint: TemporalConstraint | None = None,
    ) -> RemoteAnswer:
        return _answer(self._post("/v1/ask", _body(question, method, k, constraint, reader=reader)), self.url)

    def retrieve(
        self,
        question: str,
        method: str | None = None,
        k: int = 10,
        constraint: TemporalConstraint | None = None,
        kinds: list[ItemKind] | None = None,
    ) -> RemoteRetrieval:
        wanted = [ItemKind(x).value for x in kinds] if kinds else None
        return _retrieval(self._post("/v1/retrieve", _body(question, method, k, constraint, kinds=wanted)), self.url)

    def ingest(
        self, items: list[dict[str, Any]], *, source: str, kind: str = "facts", embed: bool = True
    ) -> dict[str, Any]:
        """Facts or passages as JSON objects (one line of ``tkgrag ingest facts|passages`` each) into the server's
        store (a server started with ``--allow-ingest``); the body counts what was written and lists each reject
        with its item index and field."""
        return self._post("/v1/ingest", _ingest_body(items, source, kind, embed))

    def status(self) -> dict[str, Any]:
        return self._get("/v1/status")

    def methods(self) -> list[str]:
        return list(self._get("/v1/methods")["methods"])

    def healthy(self) -> bool:
        try:
            return self._http.get("/healthz").status_code == 200
        except httpx.HTTPError:
            return False

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncClient:
    """The same calls for asyncio code (notebooks, other services): ``await rag.ask(...)``."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        *,
        token_file: str | Path | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
    ) -> None:
        self.url = url.rstrip("/")
        self._http = httpx.AsyncClient(base_url=self.url, headers=_headers(token, token_file), timeout=timeout)

    async def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        try:
            return _check(await self._http.post(path, json=body))
        except httpx.HTTPError as exc:
            raise _unreachable(self.url, exc) from None

    async def _get(self, path: str) -> dict[str, Any]:
        try:
            return _check(await self._http.get(path))
        except httpx.HTTPError as exc:
            raise _unreachable(self.url, exc) from None

    async def ask(
        self,
        question: str,
        method: str | None = None,
        reader: str | None = None,
        k: int = 10,
        constraint: TemporalConstraint | None = None,
    ) -> RemoteAnswer:
        return _answer(await self._post("/v1/ask", _body(question, method, k, constraint, reader=reader)), self.url)

    async def retrieve(
        self,
        question: str,
        method: str | None = None,
        k: int = 10,
        constraint: TemporalConstraint | None = None,
        kinds: list[ItemKind] | None = None,
    ) -> RemoteRetrieval:
        wanted = [ItemKind(x).value for x in kinds] if kinds else None
        body = _body(question, method, k, constraint, kinds=wanted)
        return _retrieval(await self._post("/v1/retrieve", body), self.url)

    async def ingest(
        self, items: list[dict[str, Any]], *, source: str, kind: str = "facts", embed: bool = True
    ) -> dict[str, Any]:
        return await self._post("/v1/ingest", _ingest_body(items, source, kind, embed))

    async def status(self) -> dict[str, Any]:
        return await self._get("/v1/status")

    async def methods(self) -> list[str]:
        return list((await self._get("/v1/methods"))["methods"])

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
