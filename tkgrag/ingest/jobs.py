"""Ingestion jobs: a TOML file names a source, its format and options, and an optional schedule.

::

    # ingest/icews14.toml (paths are relative to the job file)
    [source]
    name = "icews14"            # Event.source; default: the job file's stem
    format = "tkg-tsv"          # see `tkgrag ingest formats`
    path = "../../shared/data/icews14/icews14_full_named.tsv"   # a file, or a directory that is watched
    glob = "*.tsv"              # files of a directory (default: the format's)

    [mapping]                   # options of the format's reader (tkg-tsv: open_start_years, open_end_years, labels)

    [ingest]
    batch_size = 5000
    embed = true                # false: graph only; `tkgrag ingest embed` fills embeddings later
    model = "sentence-transformers/all-MiniLM-L6-v2"
    rejects_dir = "rejects"     # default: $TKGRAG_HOME/rejects/

    [schedule]
    every = "15m"               # s, m, h, d; or: at = "02:30" (daily, local time)

    [job]
    prepare = true              # after a run that ingested something: `tkgrag prepare` (rule graph, sentences, ...)

A run is incremental: each file's sha256 is compared with the ``IngestRun`` nodes; a file already ingested completely
under the same source name and format is skipped, a file whose run was interrupted is resumed, a new or changed file
is ingested, and a file that another live process is ingesting right now is left to it (status ``busy``).
``schedule`` repeats that on each job's schedule until Ctrl-C (or ``max_runs``).
"""

from __future__ import annotations

import logging
import os
import re
import time as _time
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from pathlib import Path
from typing import Any

from tkgrag.embed import Embedder, default_embedder
from tkgrag.errors import TkgragError
from tkgrag.ingest.owner import RunInProgress
from tkgrag.ingest.pipeline import IngestOptions, IngestSummary, SourceInfo, file_checksum, ingest
from tkgrag.ingest.registry import get_format
from tkgrag.ingest.stop import check_stop
from tkgrag.queries import ingest as q
from tkgrag.store.connection import Store
from tkgrag.text_input import default_source, require_text

_log = logging.getLogger(__name__)

MAPPED = "mapped"  # [source] format of a job that syncs a mapped source; [mapping] full = true for full syncs
_INTERVAL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd])\s*$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_DAILY = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*$")


class JobError(TkgragError):
    """A job file that cannot be used as written."""


@dataclass(frozen=True)
class Schedule:
    """Every ``every`` (first run at once), or daily ``at`` a local time."""

    every: timedelta | None = None
    at: time | None = None

    @classmethod
    def parse(cls, table: dict[str, Any], where: str) -> Schedule:
        unknown = set(table) - {"every", "at"}
        if unknown or len(table) != 1:
            raise JobError(f'{where}: [schedule] takes exactly one of every = "15m" or at = "02:30"')
        if "every" in table:
            m = _INTERVAL.match(str(table["every"]))
            if not m or float(m.group(1)) <= 0:
                raise JobError(
                    f"{where}: schedule every = {table['every']!r}; write a number and a unit: 30s, 15m, 1h, 1d"
                )
            return cls(every=timedelta(seconds=float(m.group(1)) * _UNITS[m.group(2)]))
        m = _DAILY.match(str(table["at"]))
        if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
            raise JobError(f"{where}: schedule at = {table['at']!r}; write a local time of day as HH:MM")
        return cls(at=time(int(m.group(1)), int(m.group(2))))

    def first(self, now: datetime) -> datetime:
        return now if self.every is not None else self.next_after(now)

    def next_after(self, last: datetime) -> datetime:
        if self.every is not None:
            return last + self.every
        assert self.at is not None
        candidate = datetime.combine(last.date(), self.at)
        return candidate if candidate > last else candidate + timedelta(days=1)

    def describe(self) -> str:
        if self.every is not None:
            return f"every {self.every}"
        assert self.at is not None
        return f"daily at {self.at:%H:%M}"


@dataclass(frozen=True)
class Job:
    file: Path
    name: str
    format: str
    path: Path
    glob: str | None = None
    mapping: dict[str, Any] = field(default_factory=dict)
    batch_size: int = 5000
    embed: bool = True
    model: str | None = None
    rejects_dir: Path | None = None
    schedule: Schedule | None = None
    prepare: bool = False  # [job] prepare: the caller runs `tkgrag prepare` after a run that ingested something

    def files(self) -> list[Path]:
        """The files this job covers now (a watched directory is listed anew each time)."""
        if self.path.is_dir():
            pattern = self.glob or get_format(self.format).glob
            return sorted(p for p in self.path.glob(pattern) if p.is_file() and not p.name.endswith(".rejects.jsonl"))
        if self.path.is_file():
            return [self.path]
        raise JobError(f"job {self.file}: source path {self.path} does not exist")


def _resolve(base: Path, value: object) -> Path:
    p = Path(os.path.expandvars(str(value))).expanduser()
    return p if p.is_absolute() else (base / p).resolve()


def load_job(path: Path) -> Job:
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise JobError(f"cannot read job file {path}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise JobError(f"job file {path}: {exc}") from None
    unknown = set(data) - {"source", "mapping", "ingest", "schedule", "job"}
    if unknown:
        raise JobError(
            f"job file {path}: unknown table(s) {sorted(unknown)}; known: source, mapping, ingest, schedule, job"
        )
    job_table = data.get("job", {})
    if not isinstance(job_table, dict) or set(job_table) - {"prepare"}:
        raise JobError(f"job file {path}: [job] takes one key, prepare = true|false")
    if not isinstance(job_table.get("prepare", False), bool):
        raise JobError(f"job file {path}: [job] prepare must be true or false, got {job_table['prepare']!r}")
    base = path.resolve().parent
    src = data.get("source")
    if not isinstance(src, dict) or "path" not in src or "format" not in src:
        raise JobError(f"job file {path}: [source] needs path and format")
    bad = set(src) - {"name", "format", "path", "glob"}
    if bad:
        raise JobError(f"job file {path}: unknown [source] key(s) {sorted(bad)}")
    try:
        if src["format"] != MAPPED:  # a mapped source's job points at its mapping file (tkgrag.sources.mapping)
            get_format(str(src["format"]))  # fail early on a typo
    except TkgragError as exc:
        raise JobError(f"job file {path}: {exc}") from None
    ing = data.get("ingest", {})
    bad = set(ing) - {"batch_size", "embed", "model", "rejects_dir"}
    if bad:
        raise JobError(f"job file {path}: unknown [ingest] key(s) {sorted(bad)}")
    batch_size = ing.get("batch_size", 5000)
    if not isinstance(batch_size, int) or batch_size < 1:
        raise JobError(f"job file {path}: [ingest] batch_size must be a positive integer")
    mapping = data.get("mapping", {})
    if not isinstance(mapping, dict):
        raise JobError(f"job file {path}: [mapping] must be a table")
    return Job(
        file=path.resolve(),
        name=require_text(str(src.get("name") or default_source(path)), f"job file {path}: [source] name"),
        format=str(src["format"]),
        path=_resolve(base, src["path"]),
        glob=str(src["glob"]) if "glob" in src else None,
        mapping=dict(mapping),
        batch_size=batch_size,
        embed=bool(ing.get("embed", True)),
        model=str(ing["model"]) if ing.get("model") else None,
        rejects_dir=_resolve(base, ing["rejects_dir"]) if ing.get("rejects_dir") else None,
        schedule=Schedule.parse(data["schedule"], str(path)) if "schedule" in data else None,
        prepare=bool(job_table.get("prepare", False)),
    )


def _skipped(
    job: Job, path: Path, checksum: str, status: str, *, run_id: str = "", note: str | None = None
) -> IngestSummary:
    """The summary of a file a job did not read: already ingested ('completed') or another process's ('busy')."""
    return IngestSummary(
        run_id=run_id,
        source=job.name,
        format=job.format,
        path=str(path),
        checksum=checksum,
        status=status,
        skipped=True,
        note=note,
    )


def run_job(
    store: Store,
    job: Job,
    *,
    embedder: Embedder | None = None,
    progress: bool = True,
    on_file: Callable[[IngestSummary], None] | None = None,
) -> list[IngestSummary]:
    """Ingest the job's files that are new or changed (by checksum); resume interrupted ones; skip the rest. A mapped
    source (format "mapped", path = its mapping file) is synced instead: an incremental sync on every run."""
    if job.embed and embedder is None:
        embedder = default_embedder(job.model)
    if job.format == MAPPED:
        return [_sync_mapped(store, job, embedder, progress, on_file)]
    results: list[IngestSummary] = []
    for path in job.files():
        summary = _run_file(store, job, path, embedder, progress)
        results.append(summary)
        if on_file is not None:
            on_file(summary)
    return results


def _sync_mapped(
    store: Store,
    job: Job,
    embedder: Embedder | None,
    progress: bool,
    on_file: Callable[[IngestSummary], None] | None,
) -> IngestSummary:
    from tkgrag.ingest.mapped.sync import sync_mapped
    from tkgrag.sources.mapping import load_mapping

    mapping = load_mapping(job.path)
    options = IngestOptions(
        batch_size=job.batch_size,
        embedder=embedder if job.embed else None,
        rejects_dir=job.rejects_dir,
        progress=progress,
    )
    try:
        result = sync_mapped(store, mapping, full=bool(job.mapping.get("full", False)), options=options)
        summary = result.ingest
        summary.derived["closed"] = result.closed
    except RunInProgress as exc:
        summary = _skipped(job, job.path, mapping.checksum, "busy", note=str(exc))
    if on_file is not None:
        on_file(summary)
    return summary


def _run_file(store: Store, job: Job, path: Path, embedder: Embedder | None, progress: bool) -> IngestSummary:
    """One file of a job: skipped when already ingested (same checksum), else ingested or resumed."""
    spec = get_format(job.format)
    try:
        checksum = file_checksum(path)
    except TkgragError as exc:
        # Removed since the listing, or unreadable: reported as failed, and the job goes on with its other files.
        # (A job's own mistakes, such as an unknown [mapping] option, still stop the job: they are not this file's.)
        return _skipped(job, path, "", "failed", note=str(exc))
    info = SourceInfo(name=job.name, format=job.format, path=str(path), checksum=checksum)
    done = store.run(q.FIND_COMPLETED_RUN, {"source": job.name, "format": job.format, "checksum": checksum})
    if done:
        return _skipped(job, path, checksum, "completed", run_id=done[0]["run"]["id"])
    options = IngestOptions(
        batch_size=job.batch_size,
        embedder=embedder if job.embed else None,
        rejects_dir=job.rejects_dir,
        progress=progress,
    )
    items = spec.read(path, {**job.mapping, "source": job.name}, job.file.parent)
    try:
        summary = ingest(store, items, spec.writer(), source=info, kind=spec.kind, options=options)
    except RunInProgress as exc:  # another process is on this file now: leave it to that one
        return _skipped(job, path, checksum, "busy", note=str(exc))
    if spec.after is not None:
        summary.derived.update(spec.after(store, options.embedder, progress))
    return summary


def run_schedule(
    store: Store,
    jobs: Sequence[Job],
    *,
    max_runs: int | None = None,
    progress: bool = True,
    on_run: Callable[[Job, list[IngestSummary]], None] | None = None,
    on_error: Callable[[Job, str], None] | None = None,
    clock: Callable[[], datetime] = datetime.now,
    sleep: Callable[[float], None] = _time.sleep,
) -> int:
    """Run each job on its schedule until ``max_runs`` job runs (None: until Ctrl-C). Returns the runs done. A job
    run that fails (its folder is gone, the server went away) is passed to ``on_error`` (logged when there is none)
    and counted; that job runs again at its next time and the other jobs keep theirs. A stop (Ctrl-C, SIGTERM) ends
    the loop."""
    missing = [str(j.file) for j in jobs if j.schedule is None]
    if missing:
        raise JobError(f"job(s) without a [schedule]: {', '.join(missing)}; use `tkgrag ingest run` for one-off runs")
    now = clock()
    due = {i: j.schedule.first(now) for i, j in enumerate(jobs) if j.schedule is not None}
    runs = 0
    while max_runs is None or runs < max_runs:
        i = min(due, key=lambda k: due[k])
        wait = (due[i] - clock()).total_seconds()
        while wait > 0:  # in slices of at most a second, so that Ctrl-C / SIGTERM stop a waiting scheduler promptly
            check_stop("waiting for the next job run")
            step = min(wait, 1.0)
            sleep(step)
            wait -= step
        check_stop(f"{runs} job run(s)")
        started = clock()
        job = jobs[i]
        try:
            results = run_job(store, job, progress=progress)
        except Exception as exc:  # one job's failure must not end the other jobs' schedules
            # Logged and rescheduled: a removed source folder may come back, a server that went away may restart.
            message = str(exc) if isinstance(exc, TkgragError) else f"{type(exc).__name__}: {exc}"
            if on_error is not None:
                on_error(job, message)  # the caller reports it (the CLI: one line on stderr)
            else:
                _log.warning("job %s failed: %s", job.name, message)
        else:
            if on_run is not None:
                on_run(job, results)
        runs += 1
        assert job.schedule is not None
        due[i] = job.schedule.next_after(started)
    return runs
