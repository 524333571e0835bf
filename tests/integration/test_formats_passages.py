"""Passages through the real pipeline and server: bundled sample, real TimeQA and MenatQA items, rejects, re-runs."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from tkgrag.ingest.formats.dates_in_text import extract_dates
from tkgrag.ingest.formats.run import ingest_passages
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.rejects import read_rejects
from tkgrag.sources.keys import content_key
from tkgrag.store import Store

SAMPLE = Path(__file__).resolve().parents[2] / "tkgrag" / "data" / "passages_sample.jsonl"


def opts(tmp_path: Path) -> IngestOptions:
    return IngestOptions(progress=False, rejects_dir=tmp_path / "rejects", batch_size=50)


def n_passages(store: Store) -> int:
    return int(store.run("MATCH (p:Passage) RETURN count(p) AS n")[0]["n"])


def test_sample_round_trip_with_dates_and_rerun(store: Store, tmp_path: Path) -> None:
    rows = [json.loads(line) for line in SAMPLE.read_text().splitlines()]
    first = ingest_passages(store, SAMPLE, options=opts(tmp_path))
    assert (first.read, first.written, first.rejected) == (len(rows), len(rows), 0)
    again = ingest_passages(store, SAMPLE, options=opts(tmp_path))
    assert (again.written, again.duplicates) == (0, len(rows))
    assert n_passages(store) == len(rows)
    # "Built in 1794 , ... during 1916-1920 , ... in 1963": three date mentions, bounds 1794-01-01 .. 1963-12-31
    (p,) = store.run(
        "MATCH (p:Passage {key: '/wiki/Newton_D._Baker_House#1'}) "
        "RETURN p.title AS title, p.dates AS dates, p.date_min AS lo, p.date_max AS hi, p.source AS source"
    )
    assert (p["title"], p["dates"], p["source"]) == ("Newton D. Baker House", ["1794", "1916..1920", "1963"], "timeqa")
    assert (p["lo"].to_native(), p["hi"].to_native()) == (date(1794, 1, 1), date(1963, 12, 31))
    # every stored passage carries exactly the dates the extractor finds in its text
    for row in store.run("MATCH (p:Passage) RETURN p.text AS text, p.dates AS dates"):
        assert row["dates"] == [s.label() for s in extract_dates(row["text"])]


def test_real_timeqa_items(store: Store, shared_data: Path, tmp_path: Path) -> None:
    items = json.loads((shared_data / "timeqa" / "human_annotated_train.json").read_text(encoding="utf-8"))[:3]
    path = tmp_path / "timeqa_part.json"
    path.write_text(json.dumps(items))
    summary = ingest_passages(store, path, options=opts(tmp_path))
    expected = {f"{it['link']}#{i}" for it in items for i in range(len(it["paras"]))}
    assert summary.written == len(expected) == n_passages(store)
    # the gold paragraph of each answered question is a passage, under the key the annotation points to
    for it in items:
        for _, answers in it["questions"]:
            for a in answers:
                (row,) = store.run(
                    "MATCH (p:Passage {key: $k}) RETURN p.text AS text", {"k": f"{it['link']}#{a['para']}"}
                )
                assert a["answer"] in row["text"]


def test_real_menatqa_items(store: Store, shared_data: Path, tmp_path: Path) -> None:
    items = json.loads((shared_data / "menatqa" / "menatqa_dev.json").read_text(encoding="utf-8"))[:8]
    path = tmp_path / "menatqa_part.json"
    path.write_text(json.dumps(items))
    summary = ingest_passages(store, path, options=opts(tmp_path))
    sections = {content_key(c["title"], " ".join(c["text"].split())) for it in items for c in it["context"]}
    assert summary.written == len(sections) == n_passages(store)
    # the annotated paragraph of the first item is stored with its dates (born 22 July 1965 ... 2001)
    first = items[0]["context"][0]
    (row,) = store.run(
        "MATCH (p:Passage {key: $k}) RETURN p.dates AS dates",
        {"k": content_key(first["title"], " ".join(first["text"].split()))},
    )
    assert row["dates"] == [s.label() for s in extract_dates(first["text"])] and row["dates"]


def test_bad_passages_are_rejected_with_line_and_field(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        "\n".join(
            [
                json.dumps({"id": "a", "text": "In 1999 ."}),
                json.dumps({"id": "b", "text": "x", "dates": ["1999", "the nineties"]}),
                json.dumps({"id": "c", "title": "no text"}),
                "not json at all",
                json.dumps({"id": "d", "text": "x", "when": "1999"}),
                json.dumps({"id": "e", "text": "ok", "dates": ["2001-02..2001-05"]}),
            ]
        )
        + "\n"
    )
    summary = ingest_passages(store, path, options=opts(tmp_path))
    assert (summary.read, summary.written, summary.rejected) == (6, 2, 4)
    assert summary.rejects_path is not None
    got = [(r["line"], r["field"]) for r in read_rejects(Path(summary.rejects_path))]
    assert got == [(2, "dates[1]"), (3, "text"), (4, None), (5, "when")]
    (e,) = store.run("MATCH (p:Passage {key: 'e'}) RETURN p.dates AS d, p.date_min AS lo, p.date_max AS hi")
    assert (e["d"], e["lo"].to_native(), e["hi"].to_native()) == (
        ["2001-02..2001-05"],
        date(2001, 2, 1),
        date(2001, 5, 31),
    )
