"""Passage readers: generic JSONL/JSON with given or extracted dates, TimeQA and MenatQA layouts."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from tkgrag.ingest.formats.passages import detect_format, parse_date_label, read_passages
from tkgrag.sources.keys import content_key, timeqa_passage_key
from tkgrag.sources.records import PassageRecord, Reject
from tkgrag.temporal import Granularity, TimeSpan


def test_generic_passages_extract_or_validate_dates(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    rows = [
        {"id": "1", "title": "T", "text": "He served  from 1916-1920 ."},
        {"title": "T", "text": "Given dates win.", "dates": ["2014-05", "1916..1920", 1999]},
        {"id": "3", "text": "x", "dates": ["2014", "someday"]},
        {"id": "4", "text": "x", "dates": "2014"},
        {"id": "5", "title": "T"},
        {"id": "1", "text": "same id again: rejected, as the corpus reader does"},
        {"title": "T", "text": "Given dates win.", "dates": ["2014-05", "1916..1920", 1999]},  # same content: read once
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = list(read_passages(path))
    p1, p2 = out[0], out[1]
    assert isinstance(p1, PassageRecord) and p1.text == "He served from 1916-1920 ."
    assert p1.dates == (TimeSpan(date(1916, 1, 1), date(1920, 12, 31), Granularity.YEAR),)
    assert isinstance(p2, PassageRecord) and p2.key == content_key("T", "Given dates win.")
    assert [d.label() for d in p2.dates] == ["1916..1920", "1999", "2014-05"]
    rejects = [r for r in out if isinstance(r, Reject)]
    assert [(r.ref.line, r.field) for r in rejects] == [(3, "dates[1]"), (4, "dates"), (5, "text"), (6, "id")]
    assert "appears twice" in rejects[-1].reason
    assert len(out) == 6  # 2 passages + 4 rejects: nothing vanishes silently


def test_date_labels_parse_back() -> None:
    assert parse_date_label("1916..1920") == TimeSpan(date(1916, 1, 1), date(1920, 12, 31), Granularity.YEAR)
    assert parse_date_label("1965-07-22") == TimeSpan.day(date(1965, 7, 22))


def test_timeqa_layout(tmp_path: Path) -> None:
    path = tmp_path / "timeqa.json"
    item = {
        "index": "/wiki/A_B#P39",
        "type": "P39",
        "link": "/wiki/A_B",
        "questions": [],
        "paras": ["A B", "A B was born in 1950 .", "History ."],
    }
    path.write_text(json.dumps([item, {**item, "index": "/wiki/A_B#P54"}, {"link": "/wiki/C"}]))
    assert detect_format(path) == "timeqa"
    out = list(read_passages(path))
    # every paragraph, the title line 0 included (answers point there too); the repeated article adds nothing; the
    # third item has no paragraphs.
    assert [(r.key, r.title) for r in out if isinstance(r, PassageRecord)] == [
        (timeqa_passage_key("/wiki/A_B", 0), "A B"),
        ("/wiki/A_B#1", "A B"),
        ("/wiki/A_B#2", "A B"),
    ]
    assert isinstance(out[1], PassageRecord) and [d.label() for d in out[1].dates] == ["1950"]
    (reject,) = [r for r in out if isinstance(r, Reject)]
    assert (reject.ref.item, reject.field) == (2, "paras")
    assert [r.key for r in read_passages(path, min_words=3) if isinstance(r, PassageRecord)] == ["/wiki/A_B#1"]


def test_timeqa_bad_paragraph_rejects_the_article(tmp_path: Path) -> None:
    path = tmp_path / "timeqa.json"
    path.write_text(json.dumps([{"link": "/wiki/C", "paras": ["C", 7]}, {"link": "/wiki/D", "paras": ["D"]}]))
    out = list(read_passages(path, fmt="timeqa"))
    assert [(r.ref.item, r.field) for r in out if isinstance(r, Reject)] == [(0, "paras[1]")]
    assert [r.key for r in out if isinstance(r, PassageRecord)] == ["/wiki/D#0"]


def test_menatqa_layout(tmp_path: Path) -> None:
    path = tmp_path / "menatqa.json"
    section = {"title": "Career", "text": " She joined in March 1990 .", "updated_text": "changed"}
    items = [
        {"question": "q1", "context": [section, {"title": "Empty", "text": " "}]},
        {"question": "q2", "context": [section]},
    ]
    path.write_text(json.dumps(items))
    assert detect_format(path) == "menatqa"
    out = list(read_passages(path))
    (p,) = [r for r in out if isinstance(r, PassageRecord)]
    assert (p.key, p.title, p.text) == (content_key("Career", "She joined in March 1990 ."), "Career", p.text)
    assert [d.label() for d in p.dates] == ["1990-03"]
    (reject,) = [r for r in out if isinstance(r, Reject)]
    assert (reject.ref.item, reject.field) == (0, "context[1].text")
