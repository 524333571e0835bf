"""Mapped CSV and Parquet tables against the real server: rejects name the row and the field, the two table kinds
give the same versions, a changed table row closes its old version, and the CLI (`ingest mapped`, `history`,
`retrieve --as-of-record`) works end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
from typer.testing import CliRunner

from tests.integration.test_retrieval_kinds import cli_env
from tkgrag.cli.app import app
from tkgrag.config import Settings
from tkgrag.ingest.mapped.sync import sync_mapped
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.queries import mapped as qm
from tkgrag.sources.mapping import load_mapping
from tkgrag.store import Store

ROWS = [
    {"id": "1", "who": "ada", "what": "Work_at", "org": "acme", "start": "2001-02-03", "end": "2004", "at": "1"},
    {"id": "2", "who": "bob", "what": "Work_at", "org": "acme", "start": "2005-05", "end": "", "at": "1"},
    {"id": "3", "who": "cy", "what": "Work_at", "org": "globex", "start": "2007-13-01", "end": "", "at": "1"},
    {"id": "4", "who": "", "what": "Work_at", "org": "globex", "start": "2008", "end": "", "at": "1"},
    {"id": "5", "who": "dee", "what": "Work_at", "org": "globex", "start": "2010", "end": "2009", "at": "1"},
]

MAPPING = """
[source]
name = "{name}"
kind = "{kind}"
path = "{table}"
page_size = 2

[columns]
key = "id"
subject = "who"
relation = "what"
object = "org"
valid_from = "start"
valid_to = "end"
watermark = "at"
"""


def write_table(tmp: Path, kind: str, rows: list[dict[str, str]]) -> Path:
    frame = pd.DataFrame(rows)
    if kind == "csv":
        path = tmp / "roles.csv"
        frame.to_csv(path, index=False)
    else:
        path = tmp / "roles.parquet"
        frame.replace("", None).to_parquet(path, index=False)
    return path


def mapping_file(tmp: Path, kind: str, name: str, rows: list[dict[str, str]]) -> Path:
    table = write_table(tmp, kind, rows)
    path = tmp / f"{name}.toml"
    path.write_text(MAPPING.format(name=name, kind=kind, table=table.name), encoding="utf-8")
    return path


def current(store: Store, source: str) -> dict[str, tuple[str, object, object]]:
    rows = store.run(
        "MATCH (e:Event {source: $s}) WHERE e.recorded_to IS NULL "
        "RETURN e.item_key AS item, e.text AS text, e.valid_from AS a, e.valid_to AS b",
        {"s": source},
    )
    return {r["item"].split(":", 1)[1]: (r["text"], r["a"], r["b"]) for r in rows}


def test_csv_rejects_name_row_and_field_and_parquet_gives_the_same_versions(store: Store, tmp_path: Path) -> None:
    csv_dir, pq_dir = tmp_path / "csv", tmp_path / "pq"
    csv_dir.mkdir()
    pq_dir.mkdir()
    opts = IngestOptions(progress=False, batch_size=2)
    got = sync_mapped(store, load_mapping(mapping_file(csv_dir, "csv", "roles_csv", ROWS)), options=opts)
    assert (got.ingest.read, got.ingest.written, got.ingest.rejected) == (5, 2, 3)
    rejects = [json.loads(line) for line in Path(got.ingest.rejects_path or "").read_text().splitlines()]
    where = [(r.get("line"), r.get("field")) for r in rejects]
    assert where == [(4, "start"), (5, "who"), (6, "end")]  # header is line 1
    assert "2007-13-01" in rejects[0]["reason"] and "before it starts" in rejects[2]["reason"]
    pq = sync_mapped(store, load_mapping(mapping_file(pq_dir, "parquet", "roles_pq", ROWS)), options=opts)
    assert (pq.ingest.read, pq.ingest.written, pq.ingest.rejected) == (5, 2, 3)
    a, b = current(store, "roles_csv"), current(store, "roles_pq")
    assert a == b and sorted(a) == ["1", "2"]
    assert [str(x) for x in a["1"]] == ["ada worked at acme from 2001 to 2004", "2001-02-03", "2004-12-31"]

    changed = [dict(ROWS[0], end="2003", at="2"), *ROWS[1:]]
    again = sync_mapped(store, load_mapping(mapping_file(csv_dir, "csv", "roles_csv", changed)), options=opts)
    assert (again.ingest.written, again.closed, again.watermark) == (1, 1, "2")
    assert [str(x) for x in current(store, "roles_csv")["1"]] == [
        "ada worked at acme from 2001 to 2003",
        "2001-02-03",
        "2003-12-31",
    ]


def test_cli_sync_history_and_as_of_record(store: Store, neo4j_settings: Settings, tmp_path: Path) -> None:
    env = cli_env(neo4j_settings)
    path = mapping_file(tmp_path, "csv", "cli_roles", ROWS[:2])
    first = CliRunner().invoke(app, ["ingest", "mapped", str(path), "--no-embed"], env=env)
    assert first.exit_code == 0, first.output
    assert "incremental sync: read 2, written 2" in first.output
    path = mapping_file(tmp_path, "csv", "cli_roles", [dict(ROWS[0], end="2003", at="2")])
    full = CliRunner().invoke(app, ["ingest", "mapped", str(path), "--full", "--no-embed"], env=env)
    assert full.exit_code == 0, full.output
    assert "closed 2 (of which no longer in the source: 1)" in " ".join(full.output.split())
    hist = CliRunner().invoke(app, ["history", "cli_roles:1"], env={**env, "COLUMNS": "200"})
    assert hist.exit_code == 0, hist.output
    assert "from 2001 to 2004" in hist.output and "from 2001 to 2003" in hist.output and "(current)" in hist.output
    versions = store.run(qm.HISTORY, {"key": "cli_roles:2"})
    assert [v["version"] for v in versions] == [1] and versions[0]["recorded_to"] is not None
    missing = CliRunner().invoke(app, ["history", "cli_roles:nope"], env=env)
    assert missing.exit_code == 1 and "no item or version" in missing.output
    bad = CliRunner().invoke(app, ["retrieve", "who worked at acme", "--as-of-record", "last tuesday"], env=env)
    assert bad.exit_code != 0 and "'last tuesday' is not a date" in " ".join(bad.output.split())


def test_a_job_file_schedules_a_mapped_sync(store: Store, tmp_path: Path) -> None:
    from tkgrag.ingest.jobs import load_job, run_job

    mapping_file(tmp_path, "csv", "job_roles", ROWS[:2])
    job_path = tmp_path / "job.toml"
    job_path.write_text(
        '[source]\nformat = "mapped"\npath = "job_roles.toml"\n[ingest]\nembed = false\n[schedule]\nevery = "1h"\n'
        "[mapping]\nfull = true\n",
        encoding="utf-8",
    )
    job = load_job(job_path)
    (first,) = run_job(store, job, progress=False)
    assert (first.status, first.read, first.written, first.derived) == ("completed", 2, 2, {"closed": 0})
    mapping_file(tmp_path, "csv", "job_roles", ROWS[1:2])  # row 1 deleted at the source
    (second,) = run_job(store, job, progress=False)
    assert (second.written, second.derived) == (0, {"closed": 1})
    assert sorted(current(store, "job_roles")) == ["2"]
