"""The service's operations, shared by HTTP and MCP: each takes the engine and plain request values and returns the
JSON body, so both front ends answer the same thing in the same shape."""

from __future__ import annotations

import platform
import time
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from tkgrag import __version__
from tkgrag.api import answer_question
from tkgrag.errors import TkgragError
from tkgrag.model import Answer, ItemKind, Retrieval, TemporalConstraint
from tkgrag.queries.service import STORE_COUNTS
from tkgrag.retrievers.base import RetrievalRequest, Retriever
from tkgrag.service.convert import to_jsonable
from tkgrag.service.engine import Engine
from tkgrag.service.requests import constraint_of
from tkgrag.sources.records import SourceRef


@dataclass(frozen=True)
class ServiceInfo:
    """What status reports about the process (no secrets)."""

    instance: str
    neo4j_uri: str
    default_method: str
    default_reader: str
    limits: dict[str, Any] = field(default_factory=dict)
    ingest: bool = False  # POST /v1/ingest writes to the store only when the server was started to allow it


def answer_body(answer: Answer, elapsed_ms: float) -> dict[str, Any]:
    """The ``Answer`` fields, plus what a reader's subclass adds (``extra``) and the explanation lines."""
    base = {f.name for f in fields(Answer)}
    body = to_jsonable(answer)
    extra = {k: body.pop(k) for k in list(body) if k not in base}
    extra.pop("facts", None)  # the evidence already carries them; ``supporting_events`` names the keys
    grounding = getattr(answer, "grounding", None)
    explain = list(grounding.explain()) if grounding is not None and hasattr(grounding, "explain") else []
    extra.pop("grounding", None)
    return {**body, "explain": explain, "extra": extra, "elapsed_ms": round(elapsed_ms, 1)}


async def ask(
    engine: Engine,
    info: ServiceInfo,
    question: str,
    *,
    method: str | None = None,
    reader: str | None = None,
    k: int = 10,
    before: str | None = None,
    after: str | None = None,
    during: str | None = None,
) -> dict[str, Any]:
    constraint = constraint_of(before, after, during)
    method = method or info.default_method
    reader = reader or info.default_reader
    t0 = time.perf_counter()

    partial: dict[str, Any] = {"stage": "understanding the question"}

    def work() -> Answer:
        engine.compose(method, reader)
        rag = engine.rag
        understanding = rag.understand(question)
        partial["stage"] = "retrieving"
        retriever = _Recording(rag.retriever(method), partial)
        return answer_question(understanding, retriever, rag.reader(reader), k, constraint)

    answer = await engine.run("ask", work, partial=partial)
    return answer_body(answer, (time.perf_counter() - t0) * 1000)


@dataclass
class _Recording:
    """A retriever that leaves its retrieval in ``partial`` as soon as it has one: an ask over its budget while
    reading answers 504 with that retrieval instead of nothing."""

    inner: Retriever
    partial: dict[str, Any]

    def __post_init__(self) -> None:
        self.name, self.kinds, self.needs = self.inner.name, self.inner.kinds, self.inner.needs
        self.record_time, self.grounded = self.inner.record_time, self.inner.grounded

    def retrieve(
        self, request: RetrievalRequest | str, k: int = 10, constraint: TemporalConstraint | None = None
    ) -> Retrieval:
        retrieval = self.inner.retrieve(request, k, constraint)
        self.partial["result"] = retrieval
        self.partial["stage"] = "reading (the retrieval had finished)"
        return retrieval


def partial_body(partial: object) -> dict[str, Any]:
    """What a 504 carries: the finished retrieval, or a sentence saying there is none."""
    if isinstance(partial, Retrieval):
        return {"partial": {"retrieval": to_jsonable(partial)}}
    return {"partial": None, "partial_note": "no partial result: the request had not finished retrieving"}


async def retrieve(
    engine: Engine,
    info: ServiceInfo,
    question: str,
    *,
    method: str | None = None,
    k: int = 10,
    before: str | None = None,
    after: str | None = None,
    during: str | None = None,
    kinds: list[ItemKind] | None = None,
) -> dict[str, Any]:
    constraint = constraint_of(before, after, during)
    method = method or info.default_method
    t0 = time.perf_counter()

    def work() -> Retrieval:
        engine.compose(method)
        return engine.rag.retrieve(question, method, k, constraint, kinds)

    r = await engine.run("retrieve", work)
    return {**to_jsonable(r), "elapsed_ms": round((time.perf_counter() - t0) * 1000, 1)}


class IngestRefused(TkgragError):
    """Ingestion was not enabled on this server (HTTP 403)."""


async def ingest(
    engine: Engine, info: ServiceInfo, source: str, kind: str, items: list[dict[str, Any]], embed: bool = True
) -> dict[str, Any]:
    """Items in the file formats' JSON shape, parsed by the same readers (rejects name the item and the field) and
    written through ``TKGRag.ingest``; the body says what was written and each reject."""
    if not info.ingest:
        raise IngestRefused("this server is read-only; start it with `tkgrag serve --allow-ingest` to ingest")
    from tkgrag.ingest.formats.facts import parse_fact
    from tkgrag.ingest.objects import parse_passage_object, place

    where = place(source)
    parse = parse_fact if kind == "facts" else parse_passage_object
    records = [parse(obj, SourceRef(where, item=n), source) for n, obj in enumerate(items)]
    t0 = time.perf_counter()
    summary = await engine.run("ingest", lambda: engine.rag.ingest(records, source=source, kind=kind, embed=embed))
    body = {k: getattr(summary, k) for k in ("run_id", "read", "written", "duplicates", "rejected", "embedded")}
    return {**body, "rejects": _rejects_of(summary.rejects_path, summary.run_id), "elapsed_ms": _ms(t0)}


def _rejects_of(path: str | None, run_id: str) -> list[dict[str, Any]]:
    """This run's rejects (the parser's and the pipeline's), as the rejects file has them."""
    import json
    from pathlib import Path

    if path is None:
        return []
    out = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row.get("run_id") == run_id:
            out.append({"item": row.get("item"), "field": row.get("field"), "reason": row.get("reason")})
    return out


def _ms(t0: float) -> float:
    return round((time.perf_counter() - t0) * 1000, 1)


async def status(engine: Engine, info: ServiceInfo) -> dict[str, Any]:
    counts = await engine.run("status", engine.rag.store.run, STORE_COUNTS)
    return {
        "version": __version__,
        "python": platform.python_version(),
        **asdict(info),
        "store": counts[0] if counts else {},
        "requests": {
            "served": engine.served,
            "failed": engine.failed,
            "over_budget": engine.over_budget,
            "in_flight": engine.in_flight,
        },
        "workers": engine.limits.workers,
        "queue": engine.limits.queue,
        "budget_s": engine.limits.timeout_s,
        "uptime_s": round(time.time() - engine.started_at, 1),
    }
