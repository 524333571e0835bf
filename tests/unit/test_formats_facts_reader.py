"""Facts JSONL reader and the TimeQuestions (TKBC) reconstruction of n-ary facts."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tkgrag.ingest.formats.facts import FactQualifier, FactRecord, literal_text, parse_fact, read_facts
from tkgrag.ingest.formats.tkbc import TkbcRow, facts_from_rows, read_tkbc_rows
from tkgrag.sources.records import Reject, SourceRef, event_key
from tkgrag.temporal import Granularity, TimeSpan

REF = SourceRef("facts.jsonl", line=7)
OBAMA = {
    "subject": "Q76",
    "subject_label": "Barack Obama",
    "predicate": "P39",
    "predicate_label": "position held",
    "object": "Q11696",
    "object_label": "President of the United States",
    "qualifiers": [
        {"predicate": "P580", "value": "+2009-01-20T00:00:00Z", "type": "time"},
        {"predicate": "end time", "value": "2017-01-20"},
        {"predicate": "P1365", "predicate_label": "replaces", "value": "Q207", "value_label": "George W. Bush"},
    ],
}


def parsed(obj: Mapping[str, Any]) -> FactRecord:
    r = parse_fact(obj, REF, "wikidata")
    assert isinstance(r, FactRecord), r
    return r


def rejected(obj: Mapping[str, Any]) -> Reject:
    r = parse_fact(obj, REF, "wikidata")
    assert isinstance(r, Reject), r
    return r


def test_time_qualifiers_become_the_facts_validity_and_the_rest_stay_qualifiers() -> None:
    r = parsed(OBAMA)
    assert r.span == TimeSpan(date(2009, 1, 20), date(2017, 1, 20), Granularity.DAY)
    assert (r.relation, r.relation_id, r.source) == ("position held", "P39", "wikidata")
    assert r.qualifiers == (
        FactQualifier("replaces", "Q207", is_entity=True, value_name="George W. Bush", predicate_id="P1365"),
    )
    assert r.key == event_key("Q76", "position held", "Q11696", r.span, "wikidata")
    assert r.text == (
        "Barack Obama position held President of the United States from 2009-01-20 to 2017-01-20 "
        "(replaces: George W. Bush)"
    )


def test_top_level_times_point_in_time_and_open_facts() -> None:
    base = {"subject": "Q1", "predicate": "p", "object": "Q2"}
    # start 2004 (year) .. end 2007 (year): [2004-01-01, 2007-12-31] at year granularity.
    assert parsed({**base, "start": "2004", "end": "2007"}).span == TimeSpan(
        date(2004, 1, 1), date(2007, 12, 31), Granularity.YEAR
    )
    # Mixed granularity takes the coarser one; the days stay exact.
    assert parsed({**base, "start": "2009-01-20", "end": 2017}).span == TimeSpan(
        date(2009, 1, 20), date(2017, 12, 31), Granularity.YEAR
    )
    assert parsed({**base, "point_in_time": "2014-05"}).span == TimeSpan(
        date(2014, 5, 1), date(2014, 5, 31), Granularity.MONTH
    )
    assert parsed({**base, "start": "1999"}).span == TimeSpan(date(1999, 1, 1), None, Granularity.YEAR)
    assert parsed(base).span == TimeSpan(None, None, Granularity.YEAR)


def test_point_in_time_beside_start_end_is_kept_as_a_time_qualifier() -> None:
    r = parsed({"subject": "Q1", "predicate": "p", "object": "Q2", "start": "2000", "point_in_time": "2001-03"})
    assert r.span == TimeSpan(date(2000, 1, 1), None, Granularity.YEAR)
    (q,) = r.qualifiers
    assert isinstance(q, FactQualifier)
    assert (q.predicate, q.kind, q.span) == (
        "point in time",
        "time",
        TimeSpan(date(2001, 3, 1), date(2001, 3, 31), Granularity.MONTH),
    )


def test_literal_objects_and_qualifiers() -> None:
    r = parsed(
        {
            "subject": "Q48329",
            "predicate": "P1082",
            "predicate_label": "population",
            "object": "+11190",
            "object_type": "literal",
            "point_in_time": "2010",
            "qualifiers": [{"predicate": "P459", "value": 3.5, "type": "literal"}],
        }
    )
    assert not r.object_is_entity and r.object_value == "+11190"
    # Noun-phrase predicate kept as written (no past tense), the quantity without its plus sign.
    assert r.text == "Q48329 population 11190 in 2010 (P459: 3.5)"
    assert literal_text("+0.061") == "0.061" and literal_text("9.BG.05a") == "9.BG.05a"


@pytest.mark.parametrize(
    ("change", "field", "reason_part"),
    [
        ({"subject": None}, "subject", "missing"),
        ({"object": ["x"]}, "object", "expected a string"),
        ({"predicate": "  "}, "predicate", "empty"),
        ({"object_type": "number"}, "object_type", "must be one of"),
        ({"start": "2010-13"}, "start", "bad month"),
        ({"start": "2012", "end": "2010"}, "end", "before it starts"),
        ({"point_in_time": "yesterday"}, "point_in_time", "not a date"),
        ({"start": "2014-02-28T25:00:00Z"}, "start", "'25:00:00Z' in '2014-02-28T25:00:00Z': not on the clock"),
        ({"end": "2014-02-28T12:61:00Z"}, "end", "not on the clock"),
        ({"point_in_time": "2014-02-28T1:00"}, "point_in_time", "expected hh:mm"),
        ({"qualifiers": "P580"}, "qualifiers", "expected a list"),
        ({"qualifiers": [{"value": "Q1"}]}, "qualifiers[0].predicate", "missing"),
        ({"qualifiers": [{"predicate": "P642", "value": "soon", "type": "time"}]}, "qualifiers[0].value", "not a date"),
        ({"qualifiers": [{"predicate": "P642", "value": "Q1", "type": "item"}]}, "qualifiers[0].type", "must be one"),
        ({"start": "2011", "qualifiers": [{"predicate": "P580", "value": "2012"}]}, "qualifiers[0].value", "conflicts"),
        ({"qualifers": []}, "qualifers", "unknown field"),
    ],
)
def test_each_bad_field_is_a_reject_naming_it(change: dict[str, object], field: str, reason_part: str) -> None:
    obj = {"subject": "Q1", "predicate": "p", "object": "Q2", **change}
    obj = {k: v for k, v in obj.items() if v is not None}
    r = rejected(obj)
    assert r.field == field and reason_part in r.reason
    assert r.ref == REF and r.raw.startswith("{")
    assert r.describe().startswith(f"facts.jsonl:7: field '{field}':")


def test_reader_reports_broken_lines_with_their_line_numbers_and_reads_on(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_text(
        json.dumps(OBAMA) + "\n\n{not json\n[1, 2]\n" + json.dumps({"subject": "Q1", "predicate": "p"}) + "\n"
    )
    out = list(read_facts(path))
    assert [type(r).__name__ for r in out] == ["FactRecord", "Reject", "Reject", "Reject"]
    assert [r.ref.line for r in out] == [1, 3, 4, 5]  # line 2 is blank and skipped
    assert isinstance(out[3], Reject) and out[3].field == "object"
    assert isinstance(out[0], FactRecord) and out[0].source == "f"  # default source: the file's stem


def row(s: str, r: str, o: str, a: int, b: int, line: int) -> TkbcRow:
    return TkbcRow(s, s, r, r, o, o, a, b, SourceRef("kg.tsv", line=line))


def test_tkbc_rows_regroup_into_nary_facts() -> None:
    rows = [
        row("Q318226", "P54", "Q10333", 2004, 2007, 2),  # member of sports team, the statement
        row("Q318226", "P1350", "+20", 2004, 2007, 3),  # number of matches played: its qualifier
        row("Q318226", "P1351", "+2", 2004, 2007, 4),  # goals scored: its qualifier
        row("Q673199", "P2715", "Q215622", 2010, 2015, 5),  # orphan qualifier (statement not in the subset)
        row("Q49285", "P512", "Q163727", 1973, 1973, 6),  # two statements with the same years: ambiguous
        row("Q49285", "P106", "Q11631", 1973, 1973, 7),
        row("Q49285", "P812", "Q413", 1973, 1973, 8),
        row("Q192", "P106", "Q82955", 1, 2916, 9),  # TKBC's unknown years
    ]
    facts = facts_from_rows(rows)
    assert [f["predicate"] for f in facts] == ["P54", "P2715", "P512", "P106", "P812", "P106"]
    fiore = facts[0]
    assert fiore["start"] == "2004" and fiore["end"] == "2007" and "point_in_time" not in fiore
    assert fiore["qualifiers"] == [
        {"predicate": "P1350", "predicate_label": "number of matches played", "value": "+20", "type": "literal"},
        {
            "predicate": "P1351",
            "predicate_label": "number of points/goals/set scored",
            "value": "+2",
            "type": "literal",
        },
    ]
    assert facts[1]["predicate_label"] == "elected in" and "qualifiers" not in facts[1]
    assert facts[2]["point_in_time"] == "1973" and "qualifiers" not in facts[2]
    assert not {"start", "end", "point_in_time"} & facts[5].keys()
    # and they read back as facts
    back = [parse_fact(f, REF, "x") for f in facts]
    assert all(isinstance(b, FactRecord) for b in back)
    assert isinstance(back[0], FactRecord) and len(back[0].qualifiers) == 2


def test_tkbc_reader_rejects_bad_rows(tmp_path: Path) -> None:
    path = tmp_path / "kg.tsv"
    header = "subject_id\tsubject\trelation_id\trelation\tobject_id\tobject\tstart_year\tend_year\n"
    path.write_text(header + "Q1\tA\tP1\tp\tQ2\tB\t2001\t2002\nQ1\tA\tP1\n" + "Q1\tA\tP1\tp\tQ2\tB\tx\t2002\n")
    out = list(read_tkbc_rows(path))
    assert isinstance(out[0], TkbcRow) and out[0].start_year == 2001
    assert isinstance(out[1], Reject) and out[1].ref.line == 3 and "columns" in out[1].reason
    assert isinstance(out[2], Reject) and out[2].ref.line == 4 and out[2].field == "start_year"
