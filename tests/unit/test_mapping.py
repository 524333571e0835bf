"""Mapping files and mapped rows: what is refused (with the file and the key), and how a row becomes a fact."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from tkgrag.errors import ConfigError
from tkgrag.ingest.mapped.records import MappedRecord, map_rows, to_record
from tkgrag.ingest.mapped.rows import Row, plain_value
from tkgrag.record_time import parse_record_time
from tkgrag.sources.mapping import MappingError, load_mapping
from tkgrag.sources.records import Reject, SourceRef
from tkgrag.temporal import Granularity, TimeSpan

BASE = """
[source]
name = "people"
kind = "cypher"
uri = "bolt://localhost:7687"
password_env = "PEOPLE_PW"
query = "MATCH (n) WHERE $watermark IS NULL OR n.t > $watermark RETURN n"

[columns]
key = "id"
subject = "s"
relation = "r"
object = "o"
valid_from = "a"
valid_to = "b"
point_in_time = "d"
watermark = "t"
"""


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "m.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_a_good_mapping_parses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m = load_mapping(write(tmp_path, BASE))
    assert (m.name, m.kind, m.watermark, m.page_size) == ("people", "cypher", "t", 5000)
    assert m.connection is not None and m.connection.user == "neo4j"
    monkeypatch.setenv("PEOPLE_PW", "s3cret")
    assert m.connection.password("here") == "s3cret"
    monkeypatch.delenv("PEOPLE_PW")
    with pytest.raises(MappingError, match="PEOPLE_PW \\(password_env\\) is not set"):
        m.connection.password("here")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("password_env", 'password = "x"\npassword_env'), "a password does not belong in a mapping"),
        (('kind = "cypher"', 'kind = "mysql"'), "kind must be one of cypher, csv, parquet, got 'mysql'"),
        (('key = "id"\n', ""), r"\[columns\]: missing key"),
        (('relation = "r"\n', ""), r"\[columns\]: missing relation"),
        (('subject = "s"', 'subjekt = "s"'), r"unknown field\(s\) \['subjekt'\]"),
        (("WHERE $watermark IS NULL OR n.t > $watermark", ""), "the query does not use \\$watermark"),
        (('password_env = "PEOPLE_PW"\n', ""), "needs password_env or password_file"),
        (('name = "people"', 'name = "my people"'), "may hold only letters"),
    ],
)
def test_bad_mappings_are_refused_naming_file_and_key(tmp_path: Path, edit: tuple[str, str], message: str) -> None:
    path = write(tmp_path, BASE.replace(*edit, 1))
    with pytest.raises(MappingError, match=message) as info:
        load_mapping(path)
    assert str(path) in str(info.value)


def test_a_constant_relation_and_csv_path(tmp_path: Path) -> None:
    text = BASE.replace('relation = "r"\n', "").replace('kind = "cypher"', 'kind = "csv"\npath = "x.csv"')
    m = load_mapping(write(tmp_path, text + '\n[constants]\nrelation = "Acquire"\n'))
    assert m.constants == {"relation": "Acquire"} and m.path == (tmp_path / "x.csv").resolve()


def rec(values: dict[str, object]) -> MappedRecord | Reject:
    m = load_mapping(write(Path(values.pop("_tmp")), BASE))  # type: ignore[arg-type]
    return next(iter(map_rows(m, [Row(values, SourceRef("q", item=7))])))


def test_rows_become_facts_with_spans_from_either_time_columns(tmp_path: Path) -> None:
    m = load_mapping(write(tmp_path, BASE))
    row = {"id": 1, "s": "ada", "r": "Work_at", "o": "acme", "a": date(2001, 2, 3), "b": "2004", "t": 5}
    r = to_record(m, Row(row, SourceRef("q", item=1)))
    assert (r.item_key, r.span) == ("people:1", TimeSpan(date(2001, 2, 3), date(2004, 12, 31), Granularity.YEAR))
    assert r.text == "ada worked at acme from 2001 to 2004"
    point = to_record(m, Row({**row, "d": datetime(2014, 5, 6, 23, 0, tzinfo=UTC)}, SourceRef("q", item=2)))
    assert point.span == TimeSpan.day(date(2014, 5, 6))  # point_in_time wins where it is set
    assert point.content_hash != r.content_hash and point.item_key == r.item_key
    same = to_record(m, Row(dict(row), SourceRef("q", item=3)))
    assert same.content_hash == r.content_hash  # the row's place is not content


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"s": " "}, "s", "subject is empty"),
        ({"a": "2001-02-30"}, "a", "invalid date"),
        ({"a": "2005", "b": "2001"}, "b", "ends (2001) before it starts (2005)"),
        ({"o": ["x"]}, "o", "must be a single value"),
        ({"a": 3.5}, "a", "not a date: 3.5"),
    ],
)
def test_bad_rows_are_rejected_with_row_and_field(
    tmp_path: Path, change: dict[str, object], field: str, reason: str
) -> None:
    row = {"id": 1, "s": "ada", "r": "Work_at", "o": "acme", "a": "2001", "b": None, "t": 5, **change}
    out = rec({**row, "_tmp": tmp_path})
    assert isinstance(out, Reject) and (out.field, out.ref.item) == (field, 7)
    assert reason in out.reason


def test_record_times_and_watermarks_are_utc() -> None:
    assert parse_record_time(None) is None and parse_record_time("now") is None
    assert parse_record_time("2026-11-25") == datetime(2026, 11, 25, 23, 59, 59, 999999, tzinfo=UTC)
    assert parse_record_time("2026-11-25T16:30:00Z") == datetime(2026, 11, 25, 16, 30, tzinfo=UTC)
    assert parse_record_time("2026-11-25T16:30") == datetime(2026, 11, 25, 16, 30, tzinfo=UTC)
    with pytest.raises(ConfigError, match="'yesterday' is not a date"):
        parse_record_time("yesterday")
    paris = datetime(2026, 1, 1, 1, 0, tzinfo=timezone(timedelta(hours=1)))
    assert plain_value(paris) == datetime(2026, 1, 1, 0, 0, tzinfo=UTC) and plain_value(paris).tzinfo is UTC
    assert plain_value("2") == "2"


PASSAGES = """
[source]
name = "bios"
kind = "csv"
path = "bios.csv"
output = "passages"

[columns]
key = "id"
title = "name"
text = "bio"
"""


def test_rows_become_passages_with_the_dates_their_text_mentions(tmp_path: Path) -> None:
    from tkgrag.ingest.mapped.records import MappedPassage

    m = load_mapping(write(tmp_path, PASSAGES))
    assert (m.output, m.columns) == ("passages", {"key": "id", "title": "name", "text": "bio"})
    ok, bad = map_rows(m, [Row({"id": "7", "name": "Ada", "bio": " Ada chaired Acme  in 2001. "}, SourceRef("f", 2)),
                           Row({"id": "8", "name": "Bo", "bio": None}, SourceRef("f", 3))])  # fmt: skip
    assert isinstance(ok, MappedPassage) and isinstance(bad, Reject)
    assert (ok.item_key, ok.title, ok.text, [d.label() for d in ok.dates]) == (
        "bios:7",
        "Ada",
        "Ada chaired Acme in 2001.",
        ["2001"],
    )
    assert (bad.field, bad.reason) == ("bio", "text is empty")
    with pytest.raises(MappingError, match="output = passages maps only key, title, text, watermark; not"):
        load_mapping(write(tmp_path, PASSAGES + 'subject = "who"\n'))
    with pytest.raises(MappingError, match="output must be one of events, passages"):
        load_mapping(write(tmp_path, PASSAGES.replace('output = "passages"', 'output = "tables"')))
    with pytest.raises(MappingError, match=r"missing text"):
        load_mapping(write(tmp_path, PASSAGES.replace('text = "bio"\n', "")))
