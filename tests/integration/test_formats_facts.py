"""N-ary facts through the real pipeline and server: bundled sample, real TimeQuestions rows, rejects, re-runs."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from tkgrag.ingest.fact_keys import stored_fact_key
from tkgrag.ingest.formats.facts import FactRecord, read_facts
from tkgrag.ingest.formats.run import ingest_facts
from tkgrag.ingest.formats.tkbc import TkbcRow, facts_from_rows, read_tkbc_rows
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.rejects import read_rejects
from tkgrag.queries import ingest_formats as q
from tkgrag.store import Store

SAMPLE = Path(__file__).resolve().parents[2] / "tkgrag" / "data" / "facts_sample.jsonl"


def opts(tmp_path: Path, embedder: Any = None) -> IngestOptions:
    return IngestOptions(progress=False, rejects_dir=tmp_path / "rejects", batch_size=100, embedder=embedder)


def counts(store: Store) -> dict[str, int]:
    return store.run(q.COUNT_FORMAT_GRAPH)[0]


def test_sample_round_trip_and_rerun_changes_nothing(store: Store, tmp_path: Path) -> None:
    records = [r for r in read_facts(SAMPLE) if isinstance(r, FactRecord)]
    n_quals = sum(len(r.qualifiers) for r in records)
    n_literal = sum(1 for r in records if not r.object_is_entity)
    first = ingest_facts(store, SAMPLE, options=opts(tmp_path))
    assert (first.read, first.written, first.duplicates, first.rejected) == (len(records), len(records), 0, 0)
    after_first = counts(store)
    assert after_first["events"] == len(records)
    assert after_first["qualifiers"] == n_quals
    # every fact with a literal object has object_value and no OBJECT edge; all others have exactly one OBJECT edge
    rows = store.run(
        "MATCH (e:Event) OPTIONAL MATCH (e)-[o:OBJECT]->() "
        "RETURN e.object_value IS NOT NULL AS literal, count(o) AS objects, count(DISTINCT e) AS events"
    )
    by_kind = {r["literal"]: r for r in rows}
    assert by_kind[True]["events"] == n_literal and by_kind[True]["objects"] == 0
    assert by_kind[False]["objects"] == by_kind[False]["events"] == len(records) - n_literal

    second = ingest_facts(store, SAMPLE, options=opts(tmp_path))
    assert (second.read, second.written, second.duplicates) == (len(records), 0, len(records))
    assert counts(store) == after_first

    # a fact and its qualifiers read back as they were written (Stefano Fiore at Valencia, 2004..2007)
    fiore = next(r for r in records if r.subject == "Q318226" and r.relation == "member of sports team")
    (row,) = store.run(q.FACT_WITH_QUALIFIERS, {"key": fiore.key})
    assert (row["subject"], row["object"], row["granularity"]) == ("Q318226", "Q10333", "year")
    assert (row["valid_from"].to_native(), row["valid_to"].to_native()) == (date(2004, 1, 1), date(2007, 12, 31))
    assert sorted((x["predicate"], x["value"], x["datatype"]) for x in row["qualifiers"]) == [
        ("number of matches played", "+20", "literal"),
        ("number of points/goals/set scored", "+2", "literal"),
    ]
    assert "(number of points/goals/set scored: 2; number of matches played: 20)" in row["text"]


def test_facts_are_written_with_the_fact_key_the_backfill_would_compute(store: Store, tmp_path: Path) -> None:
    """The facts writer keys its events (so the fact-key backfill is a one-time migration, not a scan per ingest):
    each key is the one ``stored_fact_key`` computes from the stored node, literal objects included."""
    ingest_facts(store, SAMPLE, options=opts(tmp_path))
    rows = store.run(
        "MATCH (e:Event)-[:SUBJECT]->(s:Entity) OPTIONAL MATCH (e)-[:OBJECT]->(o:Entity) "
        "RETURN e.key AS key, e.fact_key AS fact_key, e.relation AS relation, s.key AS subject, "
        "coalesce(o.key, e.object_value) AS object, e.valid_from AS valid_from, e.valid_to AS valid_to, "
        "e.granularity AS granularity"
    )
    assert rows and all(r["fact_key"] is not None for r in rows)
    assert [r["fact_key"] for r in rows] == [stored_fact_key(r) for r in rows]


def test_fact_found_by_entity_qualifier(store: Store, tmp_path: Path) -> None:
    ingest_facts(store, SAMPLE, options=opts(tmp_path))
    # Cries and Whispers (Q830874) was nominated for Best Picture in 1973 with nominee Ingmar Bergman (Q7546).
    for predicate in ("nominee", "P2453"):
        rows = store.run(q.FACTS_BY_QUALIFIER, {"predicate": predicate, "value": "Q7546"})
        assert [(r["subject"], r["relation"], r["object"]) for r in rows] == [("Q830874", "nominated for", "Q102427")]
    (name,) = store.run("MATCH (e:Entity {key: 'Q7546'}) RETURN e.name AS name")
    assert name["name"] == "Ingmar Bergman"


def test_time_from_qualifiers_and_value_nodes(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "obama.jsonl"
    fact = {
        "subject": "Q76",
        "subject_label": "Barack Obama",
        "predicate": "P39",
        "predicate_label": "position held",
        "object": "Q11696",
        "object_label": "President of the United States",
        "qualifiers": [
            {"predicate": "P580", "predicate_label": "start time", "value": "2009-01-20", "type": "time"},
            {"predicate": "P582", "predicate_label": "end time", "value": "2017-01-20", "type": "time"},
            {"predicate": "P1545", "predicate_label": "series ordinal", "value": "44", "type": "literal"},
            {"predicate": "P2715", "predicate_label": "elected in", "value": "Q45578", "type": "entity"},
            {"predicate": "P585", "predicate_label": "point in time", "value": "2009-01", "type": "time"},
        ],
    }
    path.write_text(json.dumps(fact) + "\n")
    # start/end give the validity; the point in time beside them stays a time qualifier on a Value node.
    ingest_facts(store, path, options=opts(tmp_path))
    (row,) = store.run(
        "MATCH (e:Event) RETURN e.valid_from AS f, e.valid_to AS t, e.granularity AS g, e.relation_id AS rid"
    )
    assert (row["f"].to_native(), row["t"].to_native(), row["g"], row["rid"]) == (
        date(2009, 1, 20),
        date(2017, 1, 20),
        "day",
        "P39",
    )
    values = store.run(
        "MATCH (:Event)-[q:QUALIFIER]->(v:Value) RETURN q.predicate AS p, v.value AS value, v.datatype AS type, "
        "v.valid_from AS f, v.valid_to AS t ORDER BY p"
    )
    assert [(v["p"], v["value"], v["type"]) for v in values] == [
        ("point in time", "2009-01", "time"),
        ("series ordinal", "44", "literal"),
    ]
    assert (values[0]["f"].to_native(), values[0]["t"].to_native()) == (date(2009, 1, 1), date(2009, 1, 31))
    assert store.run(q.FACTS_BY_QUALIFIER, {"predicate": "series ordinal", "value": "44"})[0]["subject"] == "Q76"


def test_real_timequestions_rows_convert_and_ingest(store: Store, shared_data: Path, tmp_path: Path) -> None:
    tsv = shared_data / "timequestions" / "kg_subset_tkbc" / "valid_facts_named.tsv"
    rows = [r for r in read_tkbc_rows(tsv) if isinstance(r, TkbcRow)]
    # All rows of a few subjects whose statements carry qualifiers in the subset, plus the first 40 rows.
    keep = {"Q318226", "Q49285"}
    picked = [r for r in rows if r.subject_id in keep] + [r for r in rows[:40] if r.subject_id not in keep]
    facts = facts_from_rows(picked)
    path = tmp_path / "tq.jsonl"
    path.write_text("".join(json.dumps(f) + "\n" for f in facts))
    summary = ingest_facts(store, path, options=opts(tmp_path))
    assert (summary.read, summary.written, summary.rejected) == (len(facts), len(facts), 0)
    assert counts(store)["qualifiers"] == sum(len(f.get("qualifiers", [])) for f in facts) > 0
    # an open-ended TKBC fact (years 1..2916) has both ends open
    open_facts = [f for f in facts if not {"start", "end", "point_in_time"} & f.keys()]
    if open_facts:
        n_open = store.run("MATCH (e:Event) WHERE e.valid_from IS NULL AND e.valid_to IS NULL RETURN count(e) AS n")
        assert n_open[0]["n"] == len(open_facts)


def test_bad_lines_go_to_the_rejects_file_and_the_rest_ingests(store: Store, tmp_path: Path) -> None:
    good = {"subject": "Q1", "predicate": "p", "object": "Q2", "point_in_time": "2001"}
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps({**good, "point_in_time": "2001-02-30"}),
        json.dumps({"predicate": "p", "object": "Q2"}),
        json.dumps({**good, "qualifiers": [{"predicate": "P580", "value": "never", "type": "time"}]}),
        json.dumps({**good, "object": "Q3"}),
    ]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    summary = ingest_facts(store, path, options=opts(tmp_path))
    assert (summary.read, summary.written, summary.rejected) == (6, 2, 4)
    assert summary.rejects_path is not None
    got = [(r["line"], r["field"]) for r in read_rejects(Path(summary.rejects_path))]
    assert got == [(2, None), (3, "point_in_time"), (4, "subject"), (5, "qualifiers[0].value")]
    assert all(r["file"] == str(path) for r in read_rejects(Path(summary.rejects_path)))
    assert counts(store)["events"] == 2


def test_embeddings_include_qualifiers(store: Store, tmp_path: Path, embedder: Any) -> None:
    path = tmp_path / "one.jsonl"
    fiore = next(line for line in SAMPLE.read_text().splitlines() if '"Q318226"' in line and "P54" in line)
    path.write_text(fiore + "\n")
    summary = ingest_facts(store, path, options=opts(tmp_path, embedder=embedder))
    assert summary.embedded == 1
    (row,) = store.run("MATCH (e:Event) RETURN e.text AS text, e.embedding AS v")
    expected = embedder.encode([row["text"]])[0]
    assert len(row["v"]) == len(expected)
    assert abs(sum(a * b for a, b in zip(row["v"], expected, strict=True)) - 1.0) < 1e-4
