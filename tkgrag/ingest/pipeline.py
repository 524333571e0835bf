"""The generic ingestion pipeline: records -> batches -> (embeddings) -> one transaction per batch, with resume.

Any record kind goes through the same path::

    from tkgrag.ingest.pipeline import IngestOptions, SourceInfo, ingest
    from tkgrag.ingest.tsv import TkgTsvReader, TsvOptions
    from tkgrag.ingest.writers import EVENT_KIND, EventWriter

    summary = ingest(
        store,
        TkgTsvReader(path, TsvOptions(source="icews14")),  # Iterable[R | Reject], deterministic order (resume counts)
        EventWriter(),                           # BatchWriter[R]: writes one batch inside the given transaction
        source=SourceInfo.for_file(path, name="icews14", format="tkg-tsv"),
        kind=EVENT_KIND,                         # NodeKind[R] | None: label/key/text for dedupe, skip and embeddings
        options=IngestOptions(batch_size=5000, embedder=default_embedder()),
    )
    summary.read == summary.written + summary.duplicates + summary.rejected

(``tkgrag.ingest.tkg.ingest_tkg_file(store, path, source=..., options=...)`` is exactly this for TSV files.)

What the pipeline does, so writers do not have to:
- Rejects (``Reject`` items from the reader) go to a JSONL rejects file with file, line, field and reason, and are
  counted; every other item of the batch is still written.
- Per batch: keys repeated inside the batch and keys already in the database are counted as duplicates and not
  handed to the writer (``kind`` given); texts of the new records are embedded (deduplicated, cached), and stored
  with ``db.create.setNodeVectorProperty``. A stored node that lacks its embedding gets it (counted as duplicate).
- Each batch is ONE transaction: ``writer.write(tx, new_records, run_id)``, the embeddings, and the checkpoint on the
  ``(:IngestRun)`` node. A crash loses at most the uncommitted batch; the next ``ingest`` of the same content (same
  source name, format and checksum) finds the unfinished run and resumes after its checkpoint, in any process.
- Reading, the duplicate check and encoding of batch k+1 run in a worker thread while batch k is written.
- A batch that the server refuses because of some of its records (a constraint, a value too large to index) is
  bisected with rolled-back trials (``bisect.py``): those records are rejected with the server's reason, the rest is
  committed as above. Transient and connection errors are not bisected.
- One live run per content: a run holds ``IngestRun.live_key`` (unique) while it runs, with its owner process
  (``owner.py``). A second process on the same content refuses (``RunInProgress``); a run whose process died is
  marked 'interrupted' and resumed. A server that goes away mid-run ends the run with ``ServerWentAway`` (one line)
  after the driver's bounded retries (``Settings.neo4j_retry_timeout_s``).

Writer contract (``BatchWriter`` in ``records.py``): ``write(tx, batch, run_id) -> WriteCounts`` where ``tx`` is a
:class:`BatchTx` (``tx.run(query, params) -> list[dict]`` inside the open transaction; ``tx.now`` the batch's record
time, a UTC datetime unique to the batch; ``tx.run_id``). Do not commit or open sessions. The transaction may be
retried by the driver on a transient error, so the writer must be idempotent (MERGE). Count each record it is given
as written (created now) or duplicate (already there).

Record time: nodes get ``ingested_at`` (the batch's ``tx.now``) and ``run_id`` (the ``IngestRun.id``) on creation
only; a property, not an ``INGESTED_BY`` relationship, so 90k events do not hang off one super-node and "as of"
filters are a property comparison.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import os
import queue
import secrets
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, LiteralString, TypeVar, cast

from neo4j import ManagedTransaction, Transaction
from neo4j.exceptions import ConstraintError, Neo4jError, ServiceUnavailable, SessionExpired

from tkgrag.embed import Embedder
from tkgrag.errors import StoreError, TkgragError
from tkgrag.ingest.bisect import find_culprits, refusal
from tkgrag.ingest.coverage import update_coverage
from tkgrag.ingest.encoding import CachedEncoder
from tkgrag.ingest.owner import (
    Owner,
    RunInProgress,
    ServerWentAway,
    in_progress_message,
    owner_alive,
    went_away_message,
)
from tkgrag.ingest.rejects import RejectsFile, default_rejects_path
from tkgrag.ingest.stop import IngestStopped, check_stop
from tkgrag.queries import ingest as q
from tkgrag.sources.records import BatchWriter, Reject, SourceRef, WriteCounts
from tkgrag.store.connection import Store
from tkgrag.text_input import default_source, printable_path, require_text

R = TypeVar("R")

EMBEDDABLE_LABELS = frozenset(q.SET_EMBEDDINGS)
CHECKABLE_LABELS = frozenset(q.EXISTING_KEYS)


class SimulatedCrash(RuntimeError):
    """Raised by ``IngestOptions.crash_after_batches`` (tests only): stops like a killed process, leaving the run
    'running' with its checkpoint, so the next run resumes it."""


@dataclass(frozen=True)
class NodeKind(Generic[R]):
    """How the pipeline recognises a record: its node label, natural key and the text to embed.

    ``label`` is a fixed label (``"Event"``) or a function of the record (for streams that mix kinds, e.g.
    documents and chunks); ``None`` from the function means "not a keyed node" (e.g. a reference edge): such records
    go to the writer as they are. ``text`` None: nothing is embedded. Labels must be among ``CHECKABLE_LABELS``
    (embedding: ``EMBEDDABLE_LABELS``)."""

    label: str | Callable[[R], str | None]
    key: Callable[[R], str]
    text: Callable[[R], str] | None = None

    def label_of(self, record: R) -> str | None:
        label = self.label(record) if callable(self.label) else self.label
        if label is not None and label not in CHECKABLE_LABELS:
            raise TkgragError(f"record label {label!r} is not one the pipeline knows ({sorted(CHECKABLE_LABELS)})")
        return label


@dataclass(frozen=True)
class SourceInfo:
    """What is being ingested: the source name written on every node (``Event.source``), the format, and the file
    with its checksum (the identity of a run: same name + format + checksum = same content = resumable/skippable)."""

    name: str
    format: str
    path: str
    checksum: str

    @classmethod
    def for_file(cls, path: Path, *, name: str | None = None, format: str) -> SourceInfo:
        return cls(
            name=name or default_source(path),
            format=format,
            path=printable_path(path.resolve()),
            checksum=file_checksum(path),
        )


def file_checksum(path: Path) -> str:
    """sha256 of the file's bytes, hex."""
    h = hashlib.sha256()
    try:
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
    except OSError as exc:
        raise TkgragError(f"cannot read {path}: {exc.strerror or exc}") from None
    return h.hexdigest()


@dataclass(frozen=True)
class IngestOptions:
    batch_size: int = 5000
    embedder: Embedder | None = None  # None: graph only; fill embeddings later with `tkgrag ingest embed`
    encode_batch_size: int = 64
    rejects_path: Path | None = None  # default: <source>.rejects.jsonl next to the source (or rejects_dir)
    rejects_dir: Path | None = None
    resume: bool = True  # resume an unfinished run of the same content instead of starting a new one
    progress: bool = True
    total: int | None = None  # items expected (for the progress bar), e.g. the file's line count
    prefetch: int = 2  # batches prepared ahead by the worker thread
    crash_after_batches: int | None = None  # TESTS ONLY: raise SimulatedCrash after this many committed batches

    def __post_init__(self) -> None:
        if self.batch_size < 1:
            raise TkgragError(f"batch size must be at least 1, got {self.batch_size}")


@dataclass
class IngestSummary:
    """What a run did. ``read == written + duplicates + rejected`` (counts cover the whole run, resumed parts too)."""

    run_id: str
    source: str
    format: str
    path: str
    checksum: str
    read: int = 0
    written: int = 0
    duplicates: int = 0
    rejected: int = 0
    embedded: int = 0
    batches: int = 0
    resumed_from: int | None = None  # checkpoint (items) a resumed run started after
    status: str = "running"
    rejects_path: str | None = None
    seconds: float = 0.0
    encode_seconds: float = 0.0
    encoded_texts: int = 0
    skipped: bool = False  # jobs: the file was already ingested (same checksum), or is busy; nothing was read
    note: str | None = None  # jobs: why a file was skipped when it is not "already ingested" (status 'busy')
    # Derived structures brought up to date after the file (passages: {"sentences": n, "sentences embedded": m}).
    derived: dict[str, int] = field(default_factory=dict)

    @property
    def events_per_second(self) -> float:
        return self.read / self.seconds if self.seconds > 0 else 0.0

    def line(self) -> str:
        parts = [
            f"read {self.read}",
            f"written {self.written}",
            f"duplicates {self.duplicates}",
            f"rejected {self.rejected}",
        ]
        if self.embedded:
            parts.append(f"embedded {self.embedded}")
        parts.extend(f"{name} {n}" for name, n in self.derived.items())
        return ", ".join(parts)


@dataclass
class BatchTx:
    """The open transaction a writer writes one batch in: ``run`` returns records as dicts."""

    tx: ManagedTransaction | Transaction  # Transaction: a bisection trial that is rolled back
    now: datetime
    run_id: str

    def run(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        result = self.tx.run(query, params or {})
        return [r.data() for r in result]


# ---- the worker side: items -> prepared batches ---------------------------------------------------------------
@dataclass
class _Prepared(Generic[R]):
    records: list[R]  # new records for the writer (known keys and in-batch repeats removed)
    rejects: list[Reject]
    items: int  # items consumed (records + rejects) incl. the ones skipped as duplicates
    end: int  # stream position after this batch (the checkpoint once committed)
    duplicates: int
    embeddings: dict[str, list[tuple[str, list[float]]]] = field(default_factory=dict)  # label -> [(key, vector)]


def _chunks(items: Iterable[R | Reject], size: int, skip: int) -> Iterator[tuple[list[R], list[Reject], int, int]]:
    """Batches of ``size`` records (rejects ride along with the batch they were read in); the first ``skip`` items
    (a resumed run's checkpoint) are consumed without being returned."""
    records: list[R] = []
    rejects: list[Reject] = []
    pos = 0
    start = skip
    for item in items:
        pos += 1
        if pos <= skip:
            continue
        if isinstance(item, Reject):
            rejects.append(item)
        else:
            records.append(item)
        if len(records) >= size:
            yield records, rejects, pos - start, pos
            records, rejects, start = [], [], pos
    if records or rejects or pos == skip:
        yield records, rejects, pos - start, pos


class _Preparer(Generic[R]):
    def __init__(self, store: Store, kind: NodeKind[R] | None, encoder: CachedEncoder | None) -> None:
        self.store, self.kind, self.encoder = store, kind, encoder

    def __call__(self, chunk: tuple[list[R], list[Reject], int, int]) -> _Prepared[R]:
        records, rejects, items, end = chunk
        kind = self.kind
        if kind is None:
            return _Prepared(records, rejects, items, end, duplicates=0)
        fresh: list[R] = []
        keyed: dict[str, dict[str, R]] = {}  # label -> key -> record (first occurrence)
        dups = 0
        for r in records:
            label = kind.label_of(r)
            if label is None:
                fresh.append(r)
                continue
            by_key = keyed.setdefault(label, {})
            k = kind.key(r)
            if k in by_key:
                dups += 1
            else:
                by_key[k] = r
        to_embed: dict[str, list[tuple[str, R]]] = {}
        for label, by_key in keyed.items():
            stored = {
                row["key"]: row["embedded"] for row in self.store.run(q.EXISTING_KEYS[label], {"keys": list(by_key)})
            }
            dups += len(stored)
            embeddable = self.encoder is not None and kind.text is not None and label in EMBEDDABLE_LABELS
            for k, r in by_key.items():
                if k not in stored:
                    fresh.append(r)
                if embeddable and not stored.get(k, False):
                    to_embed.setdefault(label, []).append((k, r))
        prepared = _Prepared(fresh, rejects, items, end, duplicates=dups)
        if to_embed and self.encoder is not None and kind.text is not None:
            text = kind.text
            flat = [(label, k, text(r)) for label, pairs in to_embed.items() for k, r in pairs]
            vectors = self.encoder.encode([t for _, _, t in flat])
            for (label, k, _), v in zip(flat, vectors, strict=True):
                prepared.embeddings.setdefault(label, []).append((k, v.tolist()))
        return prepared


PREFETCH_ABANDON_JOIN_S = 0.5
# At interpreter exit, how long to wait for a prepare worker that was left behind (see _join_abandoned_at_exit).
PREFETCH_EXIT_JOIN_S = 60.0
_WORKERS: weakref.WeakSet[threading.Thread] = weakref.WeakSet()


@atexit.register
def _join_abandoned_at_exit() -> None:
    """Wait (bounded) for prepare workers a stopped ingest left behind, before the interpreter finalises: a daemon
    thread still inside ONNX Runtime or torch when their C++ destructors run aborts the process ("terminate called
    without an active exception", exit 134). The worker ends after its current item (its loop sees ``stop``). The CLI
    does not wait: it ends the process without those destructors (``cli.common.exit_past_busy_workers``)."""
    for worker in list(_WORKERS):
        if worker.is_alive():
            worker.join(timeout=PREFETCH_EXIT_JOIN_S)


def prefetch(items: Iterator[Any], depth: int) -> Iterator[Any]:
    """Run the iterator ``items`` in a worker thread, ``depth`` results ahead. Exceptions surface in the caller;
    leaving the loop early stops the worker."""
    out: queue.Queue[Any] = queue.Queue(maxsize=max(1, depth))
    stop = threading.Event()

    def put(x: Any) -> bool:
        while not stop.is_set():
            try:
                out.put(x, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def work() -> None:
        try:
            for x in items:
                if not put(("item", x)):
                    return
            put(("done", None))
        except BaseException as exc:
            put(("error", exc))

    worker = threading.Thread(target=work, name="tkgrag-ingest-prepare", daemon=True)
    _WORKERS.add(worker)
    worker.start()
    finished = False
    try:
        while True:
            tag, x = out.get()
            if tag == "done":
                finished = True
                return
            if tag == "error":
                raise x
            yield x
    finally:
        stop.set()
        # Left early (the caller's error, e.g. the server went away): do not wait on a worker that may itself be
        # stuck in the driver's retries against that server; it is a daemon and its results are discarded.
        worker.join(timeout=30 if finished else PREFETCH_ABANDON_JOIN_S)


# ---- the run ledger -------------------------------------------------------------------------------------------
def _now() -> datetime:
    return datetime.now(UTC)


def new_run_id(source: str) -> str:
    return f"{source}-{_now():%Y%m%dT%H%M%S}-{secrets.token_hex(3)}"


def live_key(source: SourceInfo) -> str:
    """The content a live run holds (``IngestRun.live_key``, unique): its source name, format and checksum."""
    payload = "\x1f".join((source.name, source.format, source.checksum))
    return hashlib.sha1(payload.encode("utf-8")).hexdigest()


def _open_run(
    store: Store, source: SourceInfo, options: IngestOptions, rejects_path: Path, owner: Owner
) -> tuple[IngestSummary, bool]:
    """A resumed unfinished run of the same content, or a new one, claimed by ``owner``. Returns (summary so far,
    resumed?). Refuses (``RunInProgress``) when a live process holds a run of the same content; a run whose owner is
    dead is marked 'interrupted' first, then resumed."""
    key = {"source": source.name, "format": source.format, "checksum": source.checksum}
    claim = {"live_key": live_key(source), **owner.params()}
    for _ in range(5):  # a claim lost to a concurrent process is looked at again
        found = store.run(q.FIND_UNFINISHED_RUN, key) if options.resume else []
        if found and found[0]["run"]["status"] == "running":
            _interrupt_if_dead(store, found[0]["run"], source)
            continue
        try:
            if found:
                rows = store.run(
                    q.RESUME_RUN, {"id": found[0]["run"]["id"], "now": _now(), "path": source.path, **claim}
                )
                if rows:
                    return _resumed_summary(rows[0]["run"], source, rejects_path), True
                continue
            return _new_run(store, source, options, rejects_path, key, claim), False
        except StoreError as exc:
            if not isinstance(exc.__cause__, ConstraintError):
                raise
        live = store.run(q.FIND_LIVE_RUN, {"live_key": claim["live_key"]})
        if live:
            _interrupt_if_dead(store, live[0]["run"], source)
    raise RunInProgress(f"{source.path}: could not claim a run after 5 tries (other processes keep claiming it)")


def _interrupt_if_dead(store: Store, run: dict[str, Any], source: SourceInfo) -> None:
    """Refuse when ``run``'s owner is alive; else mark it 'interrupted' (if that owner still holds it)."""
    if owner_alive(run):
        raise RunInProgress(in_progress_message(run, source.path))
    error = (
        f"its process ({run.get('owner_pid')} on {run.get('owner_host')}) ended without finishing it "
        "(killed, or its server went away); resumed by the next run"
    )
    store.run(
        q.MARK_INTERRUPTED,
        {"id": run["id"], "owner_token": run.get("owner_token") or "", "now": _now(), "error": error},
    )


def _resumed_summary(run: dict[str, Any], source: SourceInfo, rejects_path: Path) -> IngestSummary:
    return IngestSummary(
        run_id=run["id"],
        source=source.name,
        format=source.format,
        path=source.path,
        checksum=source.checksum,
        read=run["read"],
        written=run["written"],
        duplicates=run["duplicates"],
        rejected=run["rejected"],
        embedded=run.get("embedded") or 0,
        batches=run["batches"],
        resumed_from=run["checkpoint"],
        rejects_path=str(rejects_path),
    )


def _new_run(
    store: Store,
    source: SourceInfo,
    options: IngestOptions,
    rejects_path: Path,
    key: dict[str, str],
    claim: dict[str, Any],
) -> IngestSummary:
    run_id = new_run_id(source.name)
    model = getattr(options.embedder, "name", None) if options.embedder is not None else None
    store.run(
        q.CREATE_RUN,
        {
            **key,
            **claim,
            "id": run_id,
            "path": source.path,
            "now": _now(),
            "embedding_model": model,
            "rejects_path": str(rejects_path),
        },
    )
    return IngestSummary(
        run_id=run_id,
        source=source.name,
        format=source.format,
        path=source.path,
        checksum=source.checksum,
        rejects_path=str(rejects_path),
    )


def _finish(
    store: Store, summary: IngestSummary, owner: Owner, status: str, error: str | None, checksum: str | None = None
) -> None:
    summary.status = status
    params = {"id": summary.run_id, "status": status, "now": _now(), "error": error, "owner_token": owner.token}
    with contextlib.suppress(Exception):  # best effort: the database may be what failed
        store.run(q.FINISH_RUN, {**params, "checksum": checksum})


def _finish_once(store: Store, summary: IngestSummary, owner: Owner, status: str, error: str) -> None:
    """``_finish`` in one attempt, without the driver's retries: for a server that is going or gone."""
    summary.status = status
    params = {
        "id": summary.run_id,
        "status": status,
        "now": _now(),
        "error": error,
        "owner_token": owner.token,
        "checksum": None,
    }
    with contextlib.suppress(Exception), store.driver.session(database=store.database) as session:
        session.run(cast(LiteralString, q.FINISH_RUN), params).consume()


# ---- the pipeline -----------------------------------------------------------------------------------------------
def ingest(
    store: Store,
    items: Iterable[R | Reject],
    writer: BatchWriter[R],
    *,
    source: SourceInfo,
    kind: NodeKind[R] | None = None,
    options: IngestOptions | None = None,
) -> IngestSummary:
    """Ingest ``items`` (records and rejects, in a deterministic order) with ``writer``; see the module docstring."""
    options = options or IngestOptions()
    # A source name is data (on every node, in every key); a path is recorded printable (its file is already open).
    source = replace(source, name=require_text(source.name, "the source name"), path=printable_path(source.path))
    started = time.perf_counter()
    rejects_path = options.rejects_path or default_rejects_path(Path(source.path), options.rejects_dir, store.settings)
    owner = Owner.this_process()
    owner.activate()
    try:
        return _ingest_owned(store, items, writer, source, kind, options, rejects_path, owner, started)
    except (ServiceUnavailable, SessionExpired) as exc:  # before the run was open: nothing of this file was written
        raise ServerWentAway(
            f"Neo4j at {store.uri} does not answer ({str(exc)[:200]}); nothing of {source.path} was written by this "
            "command. Start the server (`tkgrag neo4j start` for the managed one) and run it again."
        ) from exc
    finally:
        owner.deactivate()


def _ingest_owned(
    store: Store,
    items: Iterable[R | Reject],
    writer: BatchWriter[R],
    source: SourceInfo,
    kind: NodeKind[R] | None,
    options: IngestOptions,
    rejects_path: Path,
    owner: Owner,
    started: float,
) -> IngestSummary:
    summary, resumed = _open_run(store, source, options, rejects_path, owner)
    rejects_file = RejectsFile(rejects_path, summary.run_id, append=resumed)
    encoder = (
        CachedEncoder(options.embedder, batch_size=options.encode_batch_size) if options.embedder is not None else None
    )
    preparer = _Preparer(store, kind, encoder)
    skip = summary.resumed_from or 0
    committed_here = 0
    progress = _Progress(options, skip, summary.run_id)
    try:
        with progress:
            for prepared in prefetch(map(preparer, _chunks(items, options.batch_size, skip)), options.prefetch):
                rejects_file.write(_commit(store, writer, prepared, summary, kind))
                committed_here += 1
                progress.advance(prepared.items, summary)
                check_stop(f"{summary.read:,} items")
                if options.crash_after_batches is not None and committed_here >= options.crash_after_batches:
                    raise SimulatedCrash(f"simulated crash after {committed_here} batch(es) of run {summary.run_id}")
    except SimulatedCrash:
        raise
    except (ServiceUnavailable, SessionExpired) as exc:
        # The server died, was stopped or the network broke, and the driver's retries (bounded by the settings'
        # neo4j_retry_timeout_s) ran out. Say so in one line. The run is marked 'interrupted' if the server still
        # takes one more query; if not, the next run finds it 'running' with this process gone and marks it then.
        message = went_away_message(store.uri, source.path, summary.run_id, summary.read)
        _finish_once(store, summary, owner, "interrupted", f"Neo4j went away: {str(exc)[:300]}")
        raise ServerWentAway(message) from exc
    except KeyboardInterrupt as exc:
        _finish(store, summary, owner, "interrupted", str(exc) if isinstance(exc, IngestStopped) else "Ctrl-C")
        raise
    except BaseException as exc:
        _finish(store, summary, owner, "failed", str(exc)[:500])
        raise
    finally:
        rejects_file.close()
        summary.seconds = time.perf_counter() - started
        if encoder is not None:
            summary.encode_seconds, summary.encoded_texts = encoder.seconds, encoder.encoded
    _finish(store, summary, owner, "completed", None, _checksum_read(items, summary))
    # Events per source and month for the months this run touched, whatever path ingested them (files, jobs,
    # Python records, mapped syncs): one indexed read of the run's events, nothing for runs that wrote none.
    update_coverage(store, summary.run_id)
    summary.rejects_path = str(rejects_path) if summary.rejected else None
    return summary


def _checksum_read(items: object, summary: IngestSummary) -> str | None:
    """The checksum of the bytes the reader read, when it reports one (``read_checksum``, see ``readsum``: every job
    format) and it differs from the one the run started with: the file grew or changed between the two. The ledger
    then records what was read, so the next run of a job skips the file if it did not change again (and reads it if
    it did)."""
    read = getattr(items, "read_checksum", None)
    if not isinstance(read, str) or read == summary.checksum:
        return None
    summary.note = f"{summary.path} changed while it was read; the run records the checksum of what was read"
    summary.checksum = read
    return read


def _commit(
    store: Store, writer: BatchWriter[R], prepared: _Prepared[R], summary: IngestSummary, kind: NodeKind[R] | None
) -> list[Reject]:
    """Write one prepared batch, its embeddings and the run's checkpoint in one transaction; returns the batch's
    rejects. When the server refuses the batch because of some of its records (``bisect.refusal``), those records are
    found with trial writes that are rolled back, rejected with the server's reason, and the rest is committed (still
    one transaction)."""
    now = _now()
    try:
        counts, embedded = _write_batch(store, writer, prepared, summary, now)
    except Neo4jError as exc:
        reason = refusal(exc)
        if reason is None or not prepared.records:
            raise StoreError(f"writing a batch of run {summary.run_id} failed: {exc.message or exc}") from exc
        prepared = _without_culprits(store, writer, prepared, kind, summary.run_id, now, reason)
        try:
            counts, embedded = _write_batch(store, writer, prepared, summary, now)
        except Neo4jError as again:
            raise StoreError(
                f"writing a batch of run {summary.run_id} failed although the records Neo4j refused on their own were "
                f"taken out: {again.message or again}"
            ) from again
    summary.batches += 1
    summary.read += prepared.items
    summary.written += counts.written
    summary.duplicates += prepared.duplicates + counts.duplicates
    summary.rejected += len(prepared.rejects)
    summary.embedded += embedded
    return prepared.rejects


def _write_batch(
    store: Store, writer: BatchWriter[R], prepared: _Prepared[R], summary: IngestSummary, now: datetime
) -> tuple[WriteCounts, int]:
    """The batch in one transaction; returns the writer's counts and the vectors stored (a vector prepared for a record
    the writer joined to a node under another key, the same fact from another source, stores nothing)."""

    def work(tx: ManagedTransaction) -> tuple[WriteCounts, int]:
        btx = BatchTx(tx, now, summary.run_id)
        counts = writer.write(btx, prepared.records, summary.run_id) if prepared.records else WriteCounts()
        embedded = _set_embeddings(btx, prepared.embeddings)
        btx.run(
            q.CHECKPOINT_RUN,
            {
                "id": summary.run_id,
                "checkpoint": prepared.end,
                "batches": summary.batches + 1,
                "read": summary.read + prepared.items,
                "written": summary.written + counts.written,
                "duplicates": summary.duplicates + prepared.duplicates + counts.duplicates,
                "rejected": summary.rejected + len(prepared.rejects),
                "embedded": summary.embedded + embedded,
                "now": now,
            },
        )
        return counts, embedded

    with store.driver.session(database=store.database) as session:
        return session.execute_write(work)


def _set_embeddings(btx: BatchTx, embeddings: dict[str, list[tuple[str, list[float]]]]) -> int:
    """Store the vectors; returns how many nodes got one."""
    stored = 0
    for label, rows in embeddings.items():
        if rows:
            out = btx.run(q.SET_EMBEDDINGS[label], {"rows": [{"key": k, "embedding": v} for k, v in rows]})
            stored += int(out[0]["embedded"]) if out else 0
    return stored


def _without_culprits(
    store: Store,
    writer: BatchWriter[R],
    prepared: _Prepared[R],
    kind: NodeKind[R] | None,
    run_id: str,
    now: datetime,
    reason: str,
) -> _Prepared[R]:
    """``prepared`` less the records Neo4j refuses (found by ``bisect.find_culprits``), which become rejects."""
    records = prepared.records
    # Each record's embedding travels with it in the trials (label, key); embeddings of nodes stored before (no record
    # in this batch) only go with the final commit.
    ident = [_identity(kind, r) for r in records]

    def attempt(indices: Sequence[int]) -> str | None:
        chosen = [records[i] for i in indices]
        wanted = {ident[i] for i in indices if ident[i] is not None}
        embeddings = _embeddings_of(prepared.embeddings, wanted)
        with store.driver.session(database=store.database) as session:
            tx = session.begin_transaction()
            try:
                btx = BatchTx(tx, now, run_id)
                writer.write(btx, chosen, run_id)
                _set_embeddings(btx, embeddings)
            except Neo4jError as exc:
                why = refusal(exc)
                if why is None:
                    raise
                return why
            finally:
                tx.close()  # rolls back: a trial never commits
        return None

    culprits = find_culprits(len(records), attempt, reason)
    refused = {ident[i] for i in culprits if ident[i] is not None}
    rejects = list(prepared.rejects) + [
        Reject(_ref(records[i]), f"Neo4j refused this record: {why}", raw=_raw(kind, records[i]))
        for i, why in sorted(culprits.items())
    ]
    rejects.sort(key=lambda r: (r.ref.line is None, r.ref.line or 0, r.ref.item or 0))
    kept = {
        label: [(k, v) for k, v in rows if (label, k) not in refused] for label, rows in prepared.embeddings.items()
    }
    return replace(
        prepared,
        records=[r for i, r in enumerate(records) if i not in culprits],
        rejects=rejects,
        embeddings=kept,
    )


def _identity(kind: NodeKind[R] | None, record: R) -> tuple[str, str] | None:
    if kind is None:
        return None
    label = kind.label_of(record)
    return (label, kind.key(record)) if label is not None else None


def _embeddings_of(
    embeddings: dict[str, list[tuple[str, list[float]]]], wanted: set[tuple[str, str] | None]
) -> dict[str, list[tuple[str, list[float]]]]:
    return {label: [(k, v) for k, v in rows if (label, k) in wanted] for label, rows in embeddings.items()}


def _ref(record: object) -> SourceRef:
    ref = getattr(record, "ref", None)
    return ref if isinstance(ref, SourceRef) else SourceRef(path="?")


def _raw(kind: NodeKind[R] | None, record: R) -> str:
    """What the rejects file shows of a refused record: its key (the reader's raw line is not kept)."""
    return f"key {kind.key(record)}" if kind is not None else ""


class _Progress:
    """Progress over items read: a rich bar on a terminal, throttled lines in a file or pipe (``tkgrag.progress``)."""

    def __init__(self, options: IngestOptions, skip: int, run_id: str) -> None:
        self.enabled = options.progress and not os.environ.get("TKGRAG_NO_PROGRESS")
        self.total = options.total
        self.skip = skip
        self.run_id = run_id
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> _Progress:
        if self.enabled:
            from tkgrag.progress import progress_bar

            self._bar = progress_bar("ingest", with_status=True)
            self._bar.__enter__()
            self._task = self._bar.add_task(self.run_id, total=self.total, completed=self.skip, status="")
        return self

    def advance(self, items: int, summary: IngestSummary) -> None:
        if self._bar is not None:
            self._bar.update(self._task, advance=items, status=summary.line())

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)
