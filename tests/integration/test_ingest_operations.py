"""Operating ingestion (issue 30 items 5, 6, 13; issue 27 item 5): what `ingest runs` shows of hostile file names and
of runs whose process is gone, a scheduler that outlives one job's failure, and the exit code of a file whose every
line was rejected. Against the real test server; the CLI through Typer's runner."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tkgrag.cli import common
from tkgrag.cli.app import app
from tkgrag.config import Settings, managed_server_env
from tkgrag.ingest.fact_keys import backfill_fact_keys
from tkgrag.ingest.formats.run import ingest_passages
from tkgrag.ingest.jobs import Job, load_job, run_job, run_schedule
from tkgrag.ingest.pipeline import IngestOptions, IngestSummary, SimulatedCrash, SourceInfo, file_checksum, ingest
from tkgrag.ingest.registry import get_format
from tkgrag.ingest.rejects import default_rejects_path
from tkgrag.ingest.sentences import split_passages
from tkgrag.ingest.stop import IngestStopped, clear_stop, request_stop
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.ingest.tsv import FORMAT, TkgTsvReader, TsvOptions
from tkgrag.ingest.writers import EVENT_KIND, EventWriter
from tkgrag.queries.ingest import FACT_KEYS_MARKED, GET_RUN, GRAPH_COUNTS
from tkgrag.queries.sentences import COUNT_SENTENCES
from tkgrag.sources.records import Reject
from tkgrag.store import Store

# ESC[31m (colour), ESC[2J (clear screen), RIGHT-TO-LEFT OVERRIDE ... POP DIRECTIONAL FORMATTING, the 8-bit CSI.
HOSTILE_NAME = "evil\x1b[31m\x1b[2J\u202eslt.\u202c\x9bname.tsv"
RAW = ("\x1b", "\u202e", "\u202c", "\x9b")
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def cli_env(neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NEO4J_URI", "NEO4J_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TKGRAG_INSTANCE", neo4j_settings.server.instance)
    monkeypatch.setenv("TKGRAG_BOLT_PORT", str(neo4j_settings.server.bolt_port))
    monkeypatch.setenv("TKGRAG_HTTP_PORT", str(neo4j_settings.server.http_port))
    monkeypatch.setenv("TKGRAG_NO_PROGRESS", "1")
    monkeypatch.setattr(common.console, "_width", 400)  # whole cells, not cut at the runner's 80 columns


def cli(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), catch_exceptions=False)


def opts(tmp_path: Path, **kw: object) -> IngestOptions:
    return IngestOptions(progress=False, rejects_dir=tmp_path / "rejects", **kw)  # type: ignore[arg-type]


def test_runs_prints_hostile_file_names_as_data(store: Store, cli_env: None, tmp_path: Path) -> None:
    path = tmp_path / HOSTILE_NAME
    path.write_text("A\tConsult\tB\t2014-01-01\n", encoding="utf-8")
    ingest_tkg_file(store, path, source="hostile", options=opts(tmp_path))
    table = cli("ingest", "runs")
    assert table.exit_code == 0, table.output
    assert not any(ch in table.output for ch in RAW), repr(table.output)
    assert "evil\\x1b[31m\\x1b[2J\\u202eslt.\\u202c\\x9bname.tsv" in table.output
    listed = cli("ingest", "runs", "--json")
    assert listed.exit_code == 0, listed.output
    assert not any(ch in listed.output for ch in RAW), repr(listed.output)
    (run,) = json.loads(listed.output)  # valid JSON that reads back to the real name
    assert run["path"] == str(path) and run["status"] == "completed"


def test_a_run_whose_process_is_gone_is_shown_interrupted(store: Store, cli_env: None, tmp_path: Path) -> None:
    path = tmp_path / "killed.tsv"
    path.write_text("".join(f"E{i}\tConsult\tF{i}\t2014-01-{i:02d}\n" for i in range(1, 7)), encoding="utf-8")
    with pytest.raises(SimulatedCrash) as crashed:  # stops like a killed process: the run stays 'running'
        ingest_tkg_file(store, path, options=opts(tmp_path, batch_size=2, crash_after_batches=1))
    run_id = str(crashed.value).rsplit(" ", 1)[-1]
    assert store.run(GET_RUN, {"id": run_id})[0]["run"]["status"] == "running"  # what the ledger holds
    listed = cli("ingest", "runs", "--json")
    assert listed.exit_code == 0, listed.output
    assert [(r["id"], r["status"]) for r in json.loads(listed.output)] == [(run_id, "interrupted")]
    table = cli("ingest", "runs")
    assert "interrupted" in table.output and "running" not in table.output


def write_job(folder: Path, name: str, path: str) -> Path:
    job = folder / f"{name}.toml"
    job.write_text(
        f'[source]\nname = "{name}"\nformat = "tkg-tsv"\npath = "{path}"\n'
        '[ingest]\nbatch_size = 100\nembed = false\nrejects_dir = "rejects"\n[schedule]\nevery = "1m"\n',
        encoding="utf-8",
    )
    return job


def test_one_jobs_failure_does_not_stop_the_scheduler(store: Store, tmp_path: Path) -> None:
    (tmp_path / "a.tsv").write_text("A\tConsult\tB\t2014-01-01\n", encoding="utf-8")
    (tmp_path / "inbox").mkdir()
    job_a = load_job(write_job(tmp_path, "a", "a.tsv"))
    job_b = load_job(write_job(tmp_path, "b", "inbox"))
    (tmp_path / "a.tsv").unlink()  # a's file is removed after the jobs were loaded
    now = [datetime(2024, 5, 1, 12, 0, 0)]
    ran: list[tuple[str, list[str]]] = []
    failed: list[tuple[str, str]] = []

    def sleep(seconds: float) -> None:
        now[0] += timedelta(seconds=seconds)
        if now[0] == datetime(2024, 5, 1, 12, 0, 30):  # b's folder gets a new file between its runs
            (tmp_path / "inbox" / "new.tsv").write_text("C\tConsult\tD\t2014-02-01\n", encoding="utf-8")

    def on_run(job: Job, results: list[IngestSummary]) -> None:
        ran.append((job.name, [r.status for r in results]))

    n = run_schedule(
        store,
        [job_a, job_b],
        max_runs=4,
        progress=False,
        on_run=on_run,
        on_error=lambda job, message: failed.append((job.name, message)),
        clock=lambda: now[0],
        sleep=sleep,
    )
    assert n == 4
    assert ran == [("b", []), ("b", ["completed"])]  # b ran on its schedule and ingested the new file
    assert [name for name, _ in failed] == ["a", "a"] and "does not exist" in failed[0][1]
    assert store.run(GRAPH_COUNTS)[0]["events"] == 1


def test_every_line_rejected_exits_non_zero_and_rejects_go_to_the_home(
    store: Store, cli_env: None, tmp_path: Path
) -> None:
    bad = tmp_path / "allbad.tsv"
    bad.write_text("A\tConsult\tB\tsoon\nA\tConsult\n", encoding="utf-8")
    result = cli("ingest", "tkg", str(bad), "--no-embed")
    out = " ".join(result.output.split())
    assert result.exit_code == 1, out
    assert "read 2, written 0, duplicates 0, rejected 2" in out and "all 2 items of" in out
    assert list(tmp_path.iterdir()) == [bad]  # nothing written into the user's folder
    where = default_rejects_path(bad, None, store.settings)
    assert where.parent == store.settings.home / "rejects"
    assert [json.loads(line)["line"] for line in where.read_text(encoding="utf-8").splitlines()] == [1, 2]
    where.unlink()


def test_arguments_that_are_not_utf8(neo4j_settings: Settings, store: Store, tmp_path: Path) -> None:
    """Issue 30 item 11, through the real command line (bytes in argv): a question holding a 0xff byte was a TypeError
    traceback, a file named with one a UnicodeEncodeError; now one line, and the file is ingested."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(managed_server_env(neo4j_settings.server), PYTHONPATH=str(REPO), TKGRAG_NO_PROGRESS="1")
    tkgrag = [sys.executable, "-m", "tkgrag.cli.app"]
    asked = subprocess.run([*tkgrag, "retrieve", b"who \xff met Obama", "-m", "vector"], env=env, capture_output=True)
    err = asked.stderr.decode("utf-8", "replace")
    assert asked.returncode == 1, err
    assert err.strip() == (
        "error: the question holds the byte 0xff, which is not UTF-8, at position 4; give it as UTF-8 text"
    )
    named = tmp_path / os.fsdecode(b"caf\xff.tsv")
    named.write_text("A\tConsult\tB\t2014-01-01\n", encoding="utf-8")
    done = subprocess.run(
        [*tkgrag, "ingest", "tkg", os.fsencode(named), "--no-embed"], env=env, capture_output=True, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in done.stderr
    (run,) = [r["run"] for r in store.run("MATCH (r:IngestRun) RETURN r {.*} AS run")]
    assert (run["status"], run["source"], run["written"]) == ("completed", "caf\\xff", 1)
    assert run["path"] == str(tmp_path.resolve()) + "/caf\\xff.tsv"
    source = subprocess.run(
        [*tkgrag, "ingest", "tkg", os.fsencode(named), "--no-embed", "--source", b"s\xff"], env=env, capture_output=True
    )
    assert source.returncode == 1 and source.stderr.decode().strip() == (
        "error: the source name holds the byte 0xff, which is not UTF-8, at position 1; give it as UTF-8 text"
    )


def test_the_ledger_records_the_checksum_of_what_was_read(store: Store, tmp_path: Path) -> None:
    """Issue 30 item 14: a file that grows between its checksum and its reading (a job's file being appended to) was
    recorded with the checksum from before the append while the lines after it were read too; the next job run then
    read the whole file again. The race is made deterministic: the checksum is taken, then the file grows, then the
    same reader `tkgrag ingest tkg` and jobs use reads it."""
    path = tmp_path / "growing.tsv"
    lines = [f"G{i}\tConsult\tH{i}\t2014-01-{i % 28 + 1:02d}\n" for i in range(2300)]
    path.write_text("".join(lines[:2000]), encoding="utf-8")
    info = SourceInfo.for_file(path, name="growing", format=FORMAT)
    with path.open("a", encoding="utf-8") as fh:
        fh.write("".join(lines[2000:]))
    summary = ingest(
        store,
        TkgTsvReader(path, TsvOptions(source="growing")),
        EventWriter(),
        source=info,
        kind=EVENT_KIND,
        options=opts(tmp_path, batch_size=500),
    )
    assert (summary.status, summary.read, summary.written) == ("completed", 2300, 2300)
    run = store.run(GET_RUN, {"id": summary.run_id})[0]["run"]
    assert run["checksum"] == file_checksum(path) != info.checksum
    assert summary.note is not None and "changed while it was read" in summary.note
    job = tmp_path / "growing.toml"
    job.write_text(
        '[source]\nname = "growing"\nformat = "tkg-tsv"\npath = "growing.tsv"\n[ingest]\nembed = false\n',
        encoding="utf-8",
    )
    (again,) = run_job(store, load_job(job), progress=False)
    assert (again.skipped, again.status, again.run_id, again.read) == (True, "completed", summary.run_id, 0)


# The other job formats, by case: (file name, the line(s) of record i). The citeseer layout is the corpus format too.
GROWING_FILES = {
    "facts-jsonl": ("facts.jsonl", lambda i: json.dumps({"subject": f"Q{i}", "predicate": "p", "object": f"R{i}"})),
    "corpus": ("docs.jsonl", lambda i: json.dumps({"id": f"d{i}", "title": f"Doc {i}", "text": f"Text {i}."})),
    "corpus-citeseer": ("papers.txt", lambda i: f"p{i}\nTitle and abstract {i}.\nDB"),
    "passages": ("passages.jsonl", lambda i: json.dumps({"id": f"s{i}", "text": f"Passage {i} from 1916-1920."})),
}


@pytest.mark.parametrize("case", sorted(GROWING_FILES))
def test_every_job_format_records_the_checksum_of_what_was_read(store: Store, tmp_path: Path, case: str) -> None:
    """Issue 30 item 14 for the formats other than TSV: their readers (generators) read the file through ``readsum``
    and the run records the checksum of what they read, not the one taken before the file grew."""
    fmt = case.removesuffix("-citeseer")
    name, line = GROWING_FILES[case]
    path = tmp_path / name
    path.write_text("".join(line(i) + "\n" for i in range(5)), encoding="utf-8")
    info = SourceInfo.for_file(path, name="growing", format=fmt)
    with path.open("a", encoding="utf-8") as fh:
        fh.write("".join(line(i) + "\n" for i in range(5, 8)))
    spec = get_format(fmt)
    expected = len(list(spec.read(path, {"source": "growing"}, tmp_path)))
    items = spec.read(path, {"source": "growing"}, tmp_path)
    summary = ingest(store, items, spec.writer(), source=info, kind=spec.kind, options=opts(tmp_path, batch_size=3))
    assert (summary.status, summary.read, summary.rejected) == ("completed", expected, 0)
    run = store.run(GET_RUN, {"id": summary.run_id})[0]["run"]
    assert run["checksum"] == file_checksum(path) != info.checksum
    assert summary.note is not None and "changed while it was read" in summary.note
    job = tmp_path / "growing.toml"
    job.write_text(
        f'[source]\nname = "growing"\nformat = "{fmt}"\npath = "{name}"\n[ingest]\nembed = false\n', encoding="utf-8"
    )
    (again,) = run_job(store, load_job(job), progress=False)
    assert (again.skipped, again.status, again.run_id, again.read) == (True, "completed", summary.run_id, 0)


def test_the_same_event_under_two_sources_is_one_node_with_both(store: Store, tmp_path: Path) -> None:
    """Issue 27 item 5: the same file ingested with two --source names made two Event nodes per fact. Now the second
    source joins the stored node (its key stays the first source's, so existing keys and gold keys are unchanged) and
    Event.sources lists both; re-running either writes nothing."""
    path = tmp_path / "shared.tsv"
    path.write_text(
        "A\tConsult\tB\t2014-01-01\nC\tConsult\tD\t2014-01-02\nE\tConsult\tF\t2014-01-03\n", encoding="utf-8"
    )
    first = ingest_tkg_file(store, path, source="wire", options=opts(tmp_path))
    second = ingest_tkg_file(store, path, source="paper", options=opts(tmp_path))
    again = ingest_tkg_file(store, path, source="paper", options=opts(tmp_path, resume=False))
    assert (first.written, first.duplicates) == (3, 0)
    assert (second.read, second.written, second.duplicates) == (3, 0, 3)
    assert (again.written, again.duplicates) == (0, 3)
    rows = store.run("MATCH (e:Event) RETURN e.key AS key, e.source AS source, e.sources AS sources ORDER BY key")
    reader_keys = {r.key for r in TkgTsvReader(path, TsvOptions(source="wire")) if not isinstance(r, Reject)}
    assert {r["key"] for r in rows} == reader_keys  # the first source's keys, as event_key always made them
    assert [(r["source"], r["sources"]) for r in rows] == [("wire", ["wire", "paper"])] * 3
    assert store.run(GRAPH_COUNTS)[0]["events"] == 3


def test_a_store_from_before_fact_keys_recognises_its_facts_from_a_new_source(store: Store, tmp_path: Path) -> None:
    """Events written before Event.fact_key existed had none, so the same fact from a second source became a second
        node. The ingest now computes the missing keys from what the nodes store (a day, a month and a year span here)
    before writing: the second source joins the stored nodes."""
    path = tmp_path / "old.tsv"
    path.write_text("A\tConsult\tB\t2014-01-01\nC\tPraise\tD\t2014-02\nE\tMeet\tF\t2014\n", encoding="utf-8")
    ingest_tkg_file(store, path, source="wire", options=opts(tmp_path))
    want = {r["key"]: r["fact_key"] for r in store.run("MATCH (e:Event) RETURN e.key AS key, e.fact_key AS fact_key")}
    store.run("MATCH (e:Event) REMOVE e.fact_key")  # the store as an older version left it: no keys, no mark
    store.run("MATCH (m:FactKeyMeta) DELETE m")
    second = ingest_tkg_file(store, path, source="paper", options=opts(tmp_path))
    assert (second.read, second.written, second.duplicates) == (3, 0, 3)
    rows = store.run("MATCH (e:Event) RETURN e.key AS key, e.fact_key AS fact_key, e.sources AS sources")
    assert {r["key"]: r["fact_key"] for r in rows} == want  # the same keys the writer computes
    assert sorted(r["sources"] for r in rows) == [["wire", "paper"]] * 3
    assert store.run(FACT_KEYS_MARKED)  # migrated: marked


def test_the_fact_key_backfill_runs_once_then_ingests_read_its_mark(store: Store, tmp_path: Path) -> None:
    """The backfill is a one-time migration: an old store (events without keys, no mark) is keyed and marked by its
    first event ingest; later ingests read the mark and do not scan the events (an event left without a key after
    the mark is not looked for: every writer keys its events)."""
    old = tmp_path / "old.tsv"
    old.write_text("A\tConsult\tB\t2014-01-01\nC\tPraise\tD\t2014-02\n", encoding="utf-8")
    ingest_tkg_file(store, old, source="wire", options=opts(tmp_path))
    store.run("MATCH (e:Event) REMOVE e.fact_key")
    store.run("MATCH (m:FactKeyMeta) DELETE m")
    assert backfill_fact_keys(store) == 2  # the old store: scanned, keyed and marked
    assert backfill_fact_keys(store) == 0
    (mark,) = store.run("MATCH (m:FactKeyMeta) RETURN m.key AS key, m.backfilled_at IS NOT NULL AS at")
    assert mark == {"key": "fact_keys", "at": True}
    store.run("MATCH (e:Event {relation: 'Consult'}) REMOVE e.fact_key")  # only a scan would find this one
    new = tmp_path / "new.tsv"
    new.write_text("E\tMeet\tF\t2014\n", encoding="utf-8")
    assert ingest_tkg_file(store, new, source="wire", options=opts(tmp_path)).written == 1
    rows = store.run("MATCH (e:Event) RETURN e.relation AS relation, e.fact_key IS NOT NULL AS keyed")
    assert {r["relation"]: r["keyed"] for r in rows} == {"Consult": False, "Praise": True, "Meet": True}
    assert len(store.run("MATCH (m:FactKeyMeta) RETURN m")) == 1


def test_a_stop_reaches_the_sentence_split(store: Store, tmp_path: Path) -> None:
    """Issue 30 item 1: "split passages" ignored Ctrl-C while it worked through a page. A stop asked before the split
    (here: already pending when it starts) is taken before the first passage, nothing half-written; the next run
    splits them all."""
    path = tmp_path / "three.jsonl"
    sample = (REPO / "tkgrag" / "data" / "passages_sample.jsonl").read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(sample[:3]) + "\n", encoding="utf-8")
    clear_stop()
    request_stop("SIGTERM")
    try:
        with pytest.raises(IngestStopped):  # the passages batch is committed, then the ingest stops: none split
            ingest_passages(store, path, options=opts(tmp_path))
        with pytest.raises(IngestStopped) as stopped:
            split_passages(store, progress=False)
        assert str(stopped.value) == "SIGTERM after 0 passages split"
        assert store.run(COUNT_SENTENCES)[0]["n"] == 0
    finally:
        clear_stop()
    done = split_passages(store, progress=False)
    assert done.passages == 3 and done.sentences == store.run(COUNT_SENTENCES)[0]["n"] > 3


def test_ingest_run_goes_on_after_a_failed_job_and_exits_1(store: Store, cli_env: None, tmp_path: Path) -> None:
    (tmp_path / "inbox").mkdir()
    (tmp_path / "inbox" / "new.tsv").write_text("C\tConsult\tD\t2014-02-01\n", encoding="utf-8")
    job_a = write_job(tmp_path, "a", "gone.tsv")  # its file does not exist
    job_b = write_job(tmp_path, "b", "inbox")
    result = cli("ingest", "run", str(job_a), str(job_b))
    out = " ".join(result.output.split())
    assert result.exit_code == 1, out
    assert "job a failed:" in out and "does not exist" in out and "read 1, written 1" in out
    assert store.run(GRAPH_COUNTS)[0]["events"] == 1
