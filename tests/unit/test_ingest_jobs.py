"""Job files and schedules (pure parts: parsing, paths, next-run arithmetic)."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from pathlib import Path

import pytest

from tkgrag.ingest.jobs import JobError, Schedule, load_job

REPO = Path(__file__).resolve().parents[2]


def job_file(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "job.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_paths_are_relative_to_the_job_file(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    p = job_file(
        tmp_path,
        '[source]\nformat = "tkg-tsv"\npath = "data"\nglob = "*.tsv"\n'
        '[ingest]\nbatch_size = 10\nembed = false\nrejects_dir = "rej"\n[schedule]\nevery = "15m"\n',
    )
    job = load_job(p)
    assert job.path == (tmp_path / "data").resolve()
    assert job.rejects_dir == (tmp_path / "rej").resolve()
    assert job.name == "job" and job.batch_size == 10 and job.embed is False
    assert job.schedule == Schedule(every=timedelta(minutes=15))


@pytest.mark.parametrize(
    ("table", "every", "at"),
    [
        ({"every": "30s"}, timedelta(seconds=30), None),
        ({"every": "15m"}, timedelta(seconds=900), None),
        ({"every": "1.5h"}, timedelta(seconds=5400), None),
        ({"every": "1d"}, timedelta(days=1), None),
        ({"at": "02:30"}, None, time(2, 30)),
    ],
)
def test_schedule_parse(table: dict[str, str], every: timedelta | None, at: time | None) -> None:
    s = Schedule.parse(table, "job.toml")
    assert (s.every, s.at) == (every, at)


@pytest.mark.parametrize(
    "table", [{"every": "15"}, {"every": "0m"}, {"at": "25:00"}, {"every": "1h", "at": "01:00"}, {}]
)
def test_bad_schedules_are_errors(table: dict[str, str]) -> None:
    with pytest.raises(JobError):
        Schedule.parse(table, "job.toml")


def test_next_run_arithmetic() -> None:
    every = Schedule(every=timedelta(minutes=15))
    t = datetime(2024, 5, 1, 10, 0)
    assert every.first(t) == t  # interval jobs run at once, then every 15 minutes after each start
    assert every.next_after(t) == datetime(2024, 5, 1, 10, 15)
    daily = Schedule(at=time(2, 30))
    assert daily.first(datetime(2024, 5, 1, 1, 0)) == datetime(2024, 5, 1, 2, 30)  # later today
    assert daily.next_after(datetime(2024, 5, 1, 2, 30)) == datetime(2024, 5, 2, 2, 30)  # exactly now -> tomorrow
    assert daily.next_after(datetime(2024, 12, 31, 23, 0)) == datetime(2025, 1, 1, 2, 30)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[source]\npath = "x"\n', "needs path and format"),
        ('[source]\nformat = "nope"\npath = "x"\n', "unknown ingest format"),
        ('[source]\nformat = "tkg-tsv"\npath = "x"\n[extra]\n', "unknown table"),
        ('[source]\nformat = "tkg-tsv"\npath = "x"\n[ingest]\nbatch = 3\n', "unknown [ingest] key"),
        ('[source]\nformat = "tkg-tsv"\npath = "x"\n[ingest]\nbatch_size = 0\n', "positive integer"),
        ("[source\n", "job file"),
        ('[source]\nformat = "tkg-tsv"\npath = "x"\n[job]\nprepare = "yes"\n', "[job] prepare must be true or false"),
        ('[source]\nformat = "tkg-tsv"\npath = "x"\n[job]\nrules = true\n', "[job] takes one key"),
    ],
)
def test_job_file_errors_name_the_file_and_problem(tmp_path: Path, text: str, words: str) -> None:
    with pytest.raises(JobError) as err:
        load_job(job_file(tmp_path, text))
    assert words in str(err.value)


def test_shipped_job_files_load() -> None:
    sample = load_job(REPO / "ingest" / "sample.toml")
    assert sample.path == REPO / "tkgrag" / "data" / "icews14_sample.tsv"
    assert sample.files() == [sample.path]
    icews = load_job(REPO / "ingest" / "icews14.toml")
    assert icews.path.name == "icews14_full_named.tsv" and icews.schedule is not None
    assert sample.name == icews.name == "icews14"  # the sample's events are the same facts as the full set's


def test_job_prepare_flag(tmp_path: Path) -> None:
    on = load_job(job_file(tmp_path, '[source]\nformat = "tkg-tsv"\npath = "x"\n[job]\nprepare = true\n'))
    assert on.prepare is True
    assert load_job(job_file(tmp_path, '[source]\nformat = "tkg-tsv"\npath = "x"\n')).prepare is False
