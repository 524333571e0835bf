"""Job files against the real server: incremental runs over a watched folder, the schedule loop, the CLI."""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tkgrag.config import Settings
from tkgrag.ingest.jobs import load_job, run_job, run_schedule
from tkgrag.ingest.rejects import default_rejects_path
from tkgrag.queries.ingest import GRAPH_COUNTS
from tkgrag.store import Store

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "tkgrag" / "data" / "icews14_sample.tsv"


def split_sample(folder: Path, parts: int) -> list[Path]:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    step = -(-len(lines) // parts)
    out = []
    for i in range(parts):
        p = folder / f"part{i}.tsv"
        p.write_text("".join(lines[i * step : (i + 1) * step]), encoding="utf-8")
        out.append(p)
    return out


def watch_job(tmp_path: Path, schedule: str = "") -> Path:
    (tmp_path / "inbox").mkdir()
    job = tmp_path / "events.toml"
    job.write_text(
        '[source]\nname = "icews14"\nformat = "tkg-tsv"\npath = "inbox"\n'
        '[ingest]\nbatch_size = 200\nembed = false\nrejects_dir = "rejects"\n' + schedule,
        encoding="utf-8",
    )
    return job


def test_watched_folder_is_ingested_incrementally_by_checksum(store: Store, tmp_path: Path) -> None:
    job = load_job(watch_job(tmp_path))
    inbox = tmp_path / "inbox"
    first, second, third = split_sample(tmp_path, 3)
    shutil.copy(first, inbox)
    shutil.copy(second, inbox)
    r1 = run_job(store, job, progress=False)
    assert [(Path(r.path).name, r.skipped, r.written) for r in r1] == [
        ("part0.tsv", False, r1[0].read),
        ("part1.tsv", False, r1[1].read),
    ]
    r2 = run_job(store, job, progress=False)  # nothing new: both skipped by checksum, nothing read
    assert [(r.skipped, r.read, r.run_id) for r in r2] == [(True, 0, r1[0].run_id), (True, 0, r1[1].run_id)]
    shutil.copy(third, inbox)
    (inbox / "part0.tsv").rename(inbox / "renamed.tsv")  # same content under a new name: still skipped
    r3 = run_job(store, job, progress=False)
    assert sorted((Path(r.path).name, r.skipped) for r in r3) == [
        ("part1.tsv", True),
        ("part2.tsv", False),
        ("renamed.tsv", True),
    ]
    n = len(SAMPLE.read_text(encoding="utf-8").splitlines())
    assert store.run(GRAPH_COUNTS)[0]["events"] == n


def test_schedule_loop_runs_jobs_until_max_runs(store: Store, tmp_path: Path) -> None:
    job = load_job(watch_job(tmp_path, '[schedule]\nevery = "1s"\n'))
    split_sample(tmp_path / "inbox", 2)
    seen: list[list[bool]] = []
    slept: list[float] = []
    now = [datetime(2024, 5, 1, 12, 0, 0)]  # a clock that moves only when the loop sleeps: runs take no time

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += timedelta(seconds=seconds)

    n = run_schedule(
        store,
        [job],
        max_runs=3,
        progress=False,
        on_run=lambda _job, results: seen.append([r.skipped for r in results]),
        clock=lambda: now[0],
        sleep=sleep,
    )
    assert n == 3
    assert seen == [[False, False], [True, True], [True, True]]
    assert slept == [1.0, 1.0]  # first run at once, then every second


def test_cli_ingest_tkg_and_run(
    neo4j_settings: Settings, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tkgrag.cli.app import app

    for var, value in (
        ("TKGRAG_INSTANCE", neo4j_settings.server.instance),
        ("TKGRAG_BOLT_PORT", str(neo4j_settings.server.bolt_port)),
        ("TKGRAG_HTTP_PORT", str(neo4j_settings.server.http_port)),
        ("TKGRAG_NO_PROGRESS", "1"),
    ):
        monkeypatch.setenv(var, value)
    monkeypatch.delenv("NEO4J_URI", raising=False)
    bad = tmp_path / "few.tsv"
    bad.write_text("A\tConsult\tB\t2014-01-01\nA\tConsult\tB\tsoon\n", encoding="utf-8")
    runner = CliRunner()
    res = runner.invoke(app, ["ingest", "tkg", str(bad), "--no-embed", "--source", "cli"])
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())  # rich wraps long lines
    assert "read 2, written 1, duplicates 0, rejected 1" in out
    assert default_rejects_path(bad, None, store.settings).is_file()
    res = runner.invoke(app, ["ingest", "run", str(REPO / "ingest" / "sample.toml")])
    assert res.exit_code == 0, res.output
    assert "written 787" in " ".join(res.output.split())
    res = runner.invoke(app, ["ingest", "run", str(REPO / "ingest" / "sample.toml")])
    assert res.exit_code == 0 and "skipped" in res.output
    res = runner.invoke(app, ["ingest", "embed"])  # the one event of few.tsv was loaded graph-only
    assert res.exit_code == 0, res.output
    assert "embedded 1 of 1 Event nodes missing one" in " ".join(res.output.split())
    res = runner.invoke(app, ["ingest", "runs"])
    assert res.exit_code == 0, res.output
    assert len([line for line in res.output.splitlines() if line.startswith("│")]) == 2  # few.tsv and the sample
    res = runner.invoke(app, ["ingest", "tkg", str(tmp_path / "missing.tsv")])
    assert res.exit_code != 0
