"""TSV ingestion against the real server: round trip, idempotent re-run, resume after a crash, rejects."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from tkgrag.ingest.pipeline import IngestOptions, SimulatedCrash
from tkgrag.ingest.rejects import default_rejects_path, read_rejects
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.queries.ingest import GET_RUN, GRAPH_COUNTS
from tkgrag.store import Store

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "tkgrag" / "data" / "icews14_sample.tsv"

# Every stored fact, read back as the source wrote it.
READ_BACK = """
MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity)
RETURN s.key AS s, e.relation AS r, o.key AS o, e.valid_from AS f, e.valid_to AS t, e.granularity AS g,
       s.name AS s_name, e.text AS text, e.source AS source, e.run_id AS run_id, e.ingested_at AS ingested_at
"""


def opts(**kw: object) -> IngestOptions:
    return IngestOptions(progress=False, **kw)  # type: ignore[arg-type]


def counts(store: Store) -> dict[str, int]:
    return store.run(GRAPH_COUNTS)[0]


def head(src: Path, n: int, dst: Path) -> Path:
    with src.open(encoding="utf-8") as fh:
        dst.write_text("".join(next(fh) for _ in range(n)), encoding="utf-8")
    return dst


def test_round_trip_of_real_icews14_lines(store: Store, shared_data: Path, tmp_path: Path) -> None:
    path = head(shared_data / "icews14" / "icews14_full_named.tsv", 400, tmp_path / "icews14_head.tsv")
    lines = [tuple(line.split("\t")) for line in path.read_text(encoding="utf-8").splitlines()]
    summary = ingest_tkg_file(store, path, source="icews14", options=opts(batch_size=150))
    assert (summary.read, summary.written, summary.duplicates, summary.rejected) == (400, 400, 0, 0)
    assert summary.batches == 3 and summary.status == "completed" and summary.rejects_path is None
    rows = store.run(READ_BACK)
    got = {(r["s"], r["r"], r["o"], r["f"].isoformat()) for r in rows}
    assert got == set(lines)  # icews14 has no repeated line
    assert all(r["f"] == r["t"] and r["g"] == "day" and r["source"] == "icews14" for r in rows)
    assert all(r["run_id"] == summary.run_id for r in rows)
    entities = {e for s, _, o, _ in lines for e in (s, o)}
    assert counts(store)["entities"] == len(entities)
    one = next(r for r in rows if r["s"] == lines[0][0] and r["o"] == lines[0][2] and r["r"] == lines[0][1])
    assert one["s_name"] == lines[0][0].replace("_", " ")
    run = store.run(GET_RUN, {"id": summary.run_id})[0]["run"]
    assert (run["status"], run["read"], run["written"], run["checkpoint"]) == ("completed", 400, 400, 400)
    assert run["checksum"] == summary.checksum and run["format"] == "tkg-tsv" and run["finished_at"] is not None


def test_bundled_sample_ingests_completely_and_rerun_is_idempotent(store: Store) -> None:
    n_lines = len(SAMPLE.read_text(encoding="utf-8").splitlines())
    first = ingest_tkg_file(store, SAMPLE, source="icews14", options=opts(batch_size=300))
    assert (first.read, first.written, first.duplicates, first.rejected) == (n_lines, n_lines, 0, 0)
    before = counts(store)
    assert before["events"] == n_lines and before["edges"] == 2 * n_lines
    stamps = {r["text"]: (r["run_id"], r["ingested_at"]) for r in store.run(READ_BACK)}
    again = ingest_tkg_file(store, SAMPLE, source="icews14", options=opts(batch_size=300))
    assert again.run_id != first.run_id  # a new run, not a resume of a finished one
    assert (again.read, again.written, again.duplicates, again.rejected) == (n_lines, 0, n_lines, 0)
    assert counts(store) == before
    # record time is the FIRST ingestion's: re-runs do not touch it
    assert {r["text"]: (r["run_id"], r["ingested_at"]) for r in store.run(READ_BACK)} == stamps


def test_sample_answers_its_questions_evidence(store: Store) -> None:
    ingest_tkg_file(store, SAMPLE, source="icews14", options=opts())
    questions = [json.loads(x) for x in (REPO / "tkgrag/data/icews14_sample_questions.jsonl").read_text().splitlines()]
    have = {(r["s"], r["r"], r["o"], r["f"].isoformat()) for r in store.run(READ_BACK)}
    for q in questions:
        assert {tuple(ev) for ev in q["evidence"]} <= have, q["quid"]


def test_resume_after_a_crash_between_batches(store: Store, shared_data: Path, tmp_path: Path) -> None:
    path = head(shared_data / "icews14" / "icews14_full_named.tsv", 500, tmp_path / "icews14_500.tsv")
    with pytest.raises(SimulatedCrash):
        ingest_tkg_file(store, path, source="icews14", options=opts(batch_size=100, crash_after_batches=2))
    assert counts(store)["events"] == 200  # two committed batches, nothing of the third
    [crashed] = [r["run"] for r in store.run("MATCH (r:IngestRun) RETURN r {.*} AS run")]
    assert (crashed["status"], crashed["checkpoint"], crashed["read"], crashed["written"]) == ("running", 200, 200, 200)

    resumed = ingest_tkg_file(store, path, source="icews14", options=opts(batch_size=100))
    assert resumed.run_id == crashed["id"] and resumed.resumed_from == 200
    # whole-run counts, exactly: nothing read twice, nothing counted as a duplicate
    assert (resumed.read, resumed.written, resumed.duplicates, resumed.rejected) == (500, 500, 0, 0)
    assert resumed.batches == 5
    assert counts(store)["events"] == 500
    run = store.run(GET_RUN, {"id": resumed.run_id})[0]["run"]
    assert (run["status"], run["checkpoint"], run["resumed"]) == ("completed", 500, 1)


BAD_LINES = {
    2: ("A\tR\tB\n", None),
    4: ("A\tR\tB\t2014-02-30\n", "date"),
    6: ("\tR\tB\t2014-01-01\n", "subject"),
    8: ("A\tR\tB\t2015\t2014\n", "end"),
}


def test_rejects_are_reported_with_file_and_line_and_the_rest_is_ingested(store: Store, tmp_path: Path) -> None:
    lines = [BAD_LINES[i][0] if i in BAD_LINES else f"E{i}\tConsult\tF{i}\t2014-01-{i:02d}\n" for i in range(1, 11)]
    path = tmp_path / "mixed.tsv"
    path.write_text("".join(lines), encoding="utf-8")
    s = ingest_tkg_file(store, path, options=opts(batch_size=2))
    assert (s.read, s.written, s.duplicates, s.rejected) == (10, 6, 0, 4)
    assert s.rejects_path == str(default_rejects_path(path, None, store.settings))  # under $TKGRAG_HOME/rejects/
    rejects = read_rejects(Path(s.rejects_path))
    assert [(r["file"], r["line"], r["field"]) for r in rejects] == [
        (str(path), i, field) for i, (_, field) in sorted(BAD_LINES.items())
    ]
    assert all(r["reason"] and r["run_id"] == s.run_id for r in rejects)
    assert counts(store)["events"] == 6


def test_rejects_are_not_repeated_when_a_run_resumes(store: Store, tmp_path: Path) -> None:
    lines = [BAD_LINES[i][0] if i in BAD_LINES else f"E{i}\tConsult\tF{i}\t2014-01-{i:02d}\n" for i in range(1, 11)]
    path = tmp_path / "mixed.tsv"
    path.write_text("".join(lines), encoding="utf-8")
    rejects_dir = tmp_path / "rejects"
    with pytest.raises(SimulatedCrash):
        ingest_tkg_file(store, path, options=opts(batch_size=2, crash_after_batches=2, rejects_dir=rejects_dir))
    s = ingest_tkg_file(store, path, options=opts(batch_size=2, rejects_dir=rejects_dir))
    assert (s.read, s.written, s.rejected) == (10, 6, 4)
    assert [r["line"] for r in read_rejects(rejects_dir / "mixed.tsv.rejects.jsonl")] == [2, 4, 6, 8]


def test_month_granular_and_open_ended_facts_are_stored_as_intervals(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "spans.tsv"
    path.write_text("A\tR\tB\t2014-05\nA\tR\tC\t2004\t2005\nA\tR\tD\t2010-03-01\t-\n", encoding="utf-8")
    ingest_tkg_file(store, path, options=opts())
    rows = {r["o"]: (r["f"], r["t"], r["g"]) for r in store.run(READ_BACK)}
    assert rows == {
        "B": (date(2014, 5, 1), date(2014, 5, 31), "month"),
        "C": (date(2004, 1, 1), date(2005, 12, 31), "year"),
        "D": (date(2010, 3, 1), None, "day"),
    }


def test_timequestions_subset_literals_and_open_ends(store: Store, shared_data: Path, tmp_path: Path) -> None:
    path = head(shared_data / "timequestions/kg_subset_tkbc/valid_facts_named.tsv", 301, tmp_path / "tq.tsv")
    s = ingest_tkg_file(store, path, source="timequestions", options=opts())
    assert s.read == 300 and s.rejected == 0 and s.written + s.duplicates == 300
    literal = store.run(
        "MATCH (e:Event) WHERE e.object_value IS NOT NULL RETURN count(e) AS n, "
        "sum(COUNT { (e)-[:OBJECT]->() }) AS edges"
    )[0]
    data = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    assert literal["edges"] == 0
    assert literal["n"] == len({(d[0], d[3], d[4], d[6], d[7]) for d in data if not d[4].startswith("Q")})
    open_start = store.run("MATCH (e:Event) WHERE e.valid_from IS NULL RETURN count(e) AS n")[0]["n"]
    assert open_start == len({(d[0], d[3], d[4], d[6], d[7]) for d in data if d[6] == "1"})
