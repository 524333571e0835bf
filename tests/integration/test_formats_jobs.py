"""The facts, corpus and passages formats as job formats (`tkgrag ingest run job.toml`), incremental by checksum."""

from __future__ import annotations

from pathlib import Path

import pytest

from tkgrag.errors import TkgragError
from tkgrag.ingest.jobs import load_job, run_job
from tkgrag.ingest.registry import formats
from tkgrag.queries import ingest_formats as q
from tkgrag.store import Store

DATA = Path(__file__).resolve().parents[2] / "tkgrag" / "data"


def job_file(tmp_path: Path, name: str, fmt: str, path: Path, mapping: str = "") -> Path:
    job = tmp_path / f"{name}.toml"
    job.write_text(
        f'[source]\nname = "{name}"\nformat = "{fmt}"\npath = "{path}"\n'
        f"[mapping]\n{mapping}\n"
        f'[ingest]\nembed = false\nbatch_size = 100\nrejects_dir = "{tmp_path}"\n'
    )
    return job


def test_formats_are_registered() -> None:
    assert {"facts-jsonl", "corpus", "passages"} <= formats().keys()


def test_jobs_ingest_each_format_once(store: Store, tmp_path: Path) -> None:
    jobs = [
        load_job(job_file(tmp_path, "facts", "facts-jsonl", DATA / "facts_sample.jsonl")),
        load_job(job_file(tmp_path, "corpus", "corpus", DATA / "corpus_sample.jsonl", "chunk_words = 60")),
        load_job(job_file(tmp_path, "passages", "passages", DATA / "passages_sample.jsonl", 'layout = "jsonl"')),
    ]
    first = [run_job(store, job, progress=False)[0] for job in jobs]
    assert [s.rejected for s in first] == [0, 0, 0] and all(s.written > 0 for s in first)
    counts = store.run(q.COUNT_FORMAT_GRAPH)[0]
    assert (counts["events"], counts["passages"]) == (450, 197)
    # chunk_words = 60 splits the longer CiteSeer abstracts: more chunks than records
    assert counts["chunks"] > 55 and counts["has_chunk"] == counts["chunks"]
    # the same files again: skipped by checksum, nothing read
    again = [run_job(store, job, progress=False)[0] for job in jobs]
    assert all(s.skipped for s in again)
    assert store.run(q.COUNT_FORMAT_GRAPH)[0] == counts


def test_unknown_mapping_option_is_a_clear_error(store: Store, tmp_path: Path) -> None:
    job = load_job(job_file(tmp_path, "bad", "passages", DATA / "passages_sample.jsonl", "min_word = 3"))
    with pytest.raises(TkgragError, match="unknown option"):
        run_job(store, job, progress=False)
