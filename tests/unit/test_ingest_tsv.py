"""The TKG TSV reader: layouts, names, open ends, and a reject (with line and field) for each kind of bad input."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tkgrag.ingest.tsv import TsvOptions, count_lines, read_tkg_tsv
from tkgrag.sources.records import EventRecord, Reject
from tkgrag.temporal import Granularity


def write(tmp_path: Path, text: str, name: str = "facts.tsv", raw: bytes | None = None) -> Path:
    p = tmp_path / name
    if raw is not None:
        p.write_bytes(raw)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def records(path: Path, options: TsvOptions | None = None) -> list[EventRecord | Reject]:
    return list(read_tkg_tsv(path, options))


def test_icews_quadruple(tmp_path: Path) -> None:
    p = write(tmp_path, "Citizen_(North_Korea)\tMake_an_appeal_or_request\tSouth_Korea\t2014-02-06\n")
    [r] = records(p)
    assert isinstance(r, EventRecord)
    assert (r.subject, r.relation, r.object) == ("Citizen_(North_Korea)", "Make_an_appeal_or_request", "South_Korea")
    assert (r.span.start, r.span.end, r.span.granularity) == (date(2014, 2, 6), date(2014, 2, 6), Granularity.DAY)
    assert r.source == "facts"  # the file's stem
    assert r.ref.line == 1
    assert r.text == "Citizen (North Korea) made an appeal or request South Korea on 2014-02-06"


def test_spaces_in_names_become_the_same_keys_as_underscores(tmp_path: Path) -> None:
    p = write(tmp_path, "Citizen (North Korea)\tMake an appeal or request\tSouth Korea\t2014-02-06\n")
    [r] = records(p)
    assert isinstance(r, EventRecord)
    assert (r.subject, r.relation, r.object) == ("Citizen_(North_Korea)", "Make_an_appeal_or_request", "South_Korea")
    # same key as the underscore spelling: MERGE puts both on one node
    q = write(tmp_path, "Citizen_(North_Korea)\tMake_an_appeal_or_request\tSouth_Korea\t2014-02-06\n", "facts2.tsv")
    [r2] = records(q, TsvOptions(source="facts"))
    assert isinstance(r2, EventRecord) and r2.key == r.key


def test_month_and_year_dates_and_quintuples(tmp_path: Path) -> None:
    p = write(
        tmp_path,
        "A\tR\tB\t2014-05\n"  # a month: [05-01, 05-31]
        "A\tR\tB\t2014\n"  # a year
        "A\tR\tB\t2004\t2005-03\n"  # year .. month: coarser granularity (year), end = end of March 2005
        "A\tR\tB\t2010-01-01\t-\n",  # open end
    )
    m, y, w, o = records(p)
    assert isinstance(m, EventRecord) and isinstance(y, EventRecord)
    assert isinstance(w, EventRecord) and isinstance(o, EventRecord)
    assert (m.span.start, m.span.end, m.span.granularity) == (date(2014, 5, 1), date(2014, 5, 31), Granularity.MONTH)
    assert (y.span.start, y.span.end, y.span.granularity) == (date(2014, 1, 1), date(2014, 12, 31), Granularity.YEAR)
    assert (w.span.start, w.span.end, w.span.granularity) == (date(2004, 1, 1), date(2005, 3, 31), Granularity.YEAR)
    assert (o.span.start, o.span.end, o.span.granularity) == (date(2010, 1, 1), None, Granularity.DAY)


def test_header_line_blank_lines_and_comments(tmp_path: Path) -> None:
    p = write(tmp_path, "subject\trelation\tobject\ttime\n\n# a comment\nA\tR\tB\t2014-01-02\n")
    [r] = records(p)
    assert isinstance(r, EventRecord)
    assert r.ref.line == 4 and r.span.start == date(2014, 1, 2)


def test_timequestions_kg_subset_layout(tmp_path: Path) -> None:
    header = "subject_id\tsubject\trelation_id\trelation\tobject_id\tobject\tstart_year\tend_year\n"
    p = write(
        tmp_path,
        header
        + "Q336424\tUb Iwerks\tP108\temployer\tQ186941\tColumbia Pictures\t1930\t1940\n"
        + "Q1928599\tQ1928599\tP495\tcountry of origin\tQ30\tUnited States of America\t1\t2916\n"
        + "Q3044\tCharlemagne\tP26\tspouse\tQ241165\tQ241165\t783\t2916\n"
        + "Q48329\tQ48329\tP1082\tP1082\t+11190\t+11190\t2010\t2010\n",
    )
    iwerks, origin, spouse, population = records(p, TsvOptions(labels={"Q241165": "Himiltrude"}))
    assert isinstance(iwerks, EventRecord)
    assert (iwerks.subject, iwerks.relation, iwerks.object) == ("Q336424", "employer", "Q186941")
    assert (iwerks.subject_name, iwerks.object_name) == ("Ub Iwerks", "Columbia Pictures")
    assert (iwerks.span.start, iwerks.span.end) == (date(1930, 1, 1), date(1940, 12, 31))
    # Wikidata relations are noun phrases: not put in the past tense
    assert iwerks.text == "Ub Iwerks employer Columbia Pictures from 1930 to 1940"
    # 1 and 2916 are TimeQuestions' "unknown": both ends open; a label equal to the id means "no label"
    assert isinstance(origin, EventRecord)
    assert (origin.span.start, origin.span.end, origin.span.granularity) == (None, None, Granularity.YEAR)
    assert origin.subject_name is None and origin.object_name == "United States of America"
    # a real early year stays; the labels map names an unlabelled id
    assert isinstance(spouse, EventRecord)
    assert (spouse.span.start, spouse.span.end) == (date(783, 1, 1), None)
    assert spouse.object_name == "Himiltrude"
    # a non-item object is a literal
    assert isinstance(population, EventRecord)
    assert not population.object_is_entity and population.object == "+11190"
    assert population.relation == "P1082"


def test_an_empty_id_falls_back_to_the_label(tmp_path: Path) -> None:
    """TimeR4's decoded slice leaves an id empty where the label is not unique: the label is then the entity key."""
    header = "subject_id\tsubject\trelation_id\trelation\tobject_id\tobject\tstart_year\tend_year\n"
    p = write(
        tmp_path,
        header
        + '\t"Weird Al" Yankovic\tP166\taward received\t\tGrammy Award\t2003\t2003\n'
        + "Q1\t\tP1\tr\t\t\t2003\t2003\n",
    )
    award, bad = records(p)
    assert isinstance(award, EventRecord)
    assert (award.subject, award.object, award.object_is_entity) == ('"Weird Al" Yankovic', "Grammy Award", True)
    assert isinstance(bad, Reject) and bad.field == "object"


def test_the_shipped_kg_subset_open_ends(shared_data_or_skip: Path) -> None:
    recs = records(shared_data_or_skip / "timequestions/kg_subset_tkbc/test_facts_named.tsv")
    assert len(recs) == 4998 and all(isinstance(r, EventRecord) for r in recs)
    events = [r for r in recs if isinstance(r, EventRecord)]
    # counted with awk on the file: start_year == 1 on 958 rows, end_year == 2916 on 1189 rows
    assert sum(r.span.start is None for r in events) == 958
    assert sum(r.span.end is None for r in events) == 1189


@pytest.fixture
def shared_data_or_skip() -> Path:
    p = Path(__file__).resolve().parents[2].parent / "shared" / "data"
    if not p.is_dir():
        pytest.skip("shared data not present")
    return p


BAD = [
    # (line, expected field, words in the reason)
    ("A\tR\tB\n", None, "found 3"),
    ("A R B 2014-01-01\n", None, "tab-separated"),
    ("A\tR\tB\t2014-13-01\n", "date", "invalid date"),
    ("A\tR\tB\tyesterday\n", "date", "not a date"),
    ("\tR\tB\t2014-01-01\n", "subject", "empty"),
    ("A\t\tB\t2014-01-01\n", "relation", "empty"),
    ("A\tR\t \t2014-01-01\n", "object", "empty"),
    ("A\tR\tB\t\n", "date", "empty"),
    ("A\tR\tB\t2015\t2014\n", "end", "after it ends"),
    ("A\tR\tB\t2014-01-01\tsoon\n", "end", "not a date"),
]


@pytest.mark.parametrize(("line", "field", "reason"), BAD)
def test_each_kind_of_bad_input_is_a_reject_with_file_line_and_field(
    tmp_path: Path, line: str, field: str | None, reason: str
) -> None:
    p = write(tmp_path, "A\tR\tB\t2014-01-01\n" + line + "C\tR\tD\t2014-01-03\n")
    good1, bad, good2 = records(p)
    assert isinstance(good1, EventRecord) and isinstance(good2, EventRecord)
    assert isinstance(bad, Reject)
    assert bad.ref.path == str(p) and bad.ref.line == 2
    assert bad.field == field
    assert reason in bad.reason
    assert bad.raw == line.rstrip("\n")


def test_invalid_utf8_is_a_reject(tmp_path: Path) -> None:
    p = write(tmp_path, "", raw=b"A\tR\tB\t2014-01-01\n\xff\xfe\tR\tB\t2014-01-02\n")
    good, bad = records(p)
    assert isinstance(good, EventRecord)
    assert isinstance(bad, Reject) and bad.ref.line == 2 and "UTF-8" in bad.reason


def test_header_fixes_the_field_count(tmp_path: Path) -> None:
    p = write(tmp_path, "head\trelation\ttail\tstart\tend\nA\tR\tB\t2014\n")
    [bad] = records(p)
    assert isinstance(bad, Reject) and "expected 5" in bad.reason and bad.ref.line == 2


def test_count_lines(tmp_path: Path) -> None:
    assert count_lines(write(tmp_path, "a\nb\nc\n")) == 3
