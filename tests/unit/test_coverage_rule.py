"""The coverage rule (``tkgrag.ingest.coverage``): months judged against the source's own density, by hand."""

from __future__ import annotations

from datetime import date

from tkgrag.ingest.coverage import CoverageTable, Density, SourceCoverage, months_between, nearest_rank


def test_months_between_crosses_a_year() -> None:
    assert months_between("2013-11", "2014-02") == ["2013-11", "2013-12", "2014-01", "2014-02"]


def test_nearest_rank() -> None:
    # 10 values: the 0.9 quantile is the 9th smallest
    assert nearest_rank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9) == 9
    assert nearest_rank([7], 0.9) == 7


def partial_source() -> SourceCoverage:
    """2013-01..2013-06: 60, 60, 60, 0 (empty), 200, 60 events; 2013-07..2013-12: 600, 600, 600, 600, 1000, 600;
    2014-01: 600."""
    counts = {"2013-01": 60, "2013-02": 60, "2013-03": 60, "2013-05": 200, "2013-06": 60}
    counts |= {f"2013-{m:02d}": 600 for m in range(7, 13)} | {"2013-11": 1000, "2014-01": 600}
    return SourceCoverage("s", counts)


def test_months_are_judged_against_the_sources_dense_months() -> None:
    c = partial_source()
    # 12 non-empty months: sorted 60,60,60,60,200,600,600,600,600,600,600,1000; the 0.9 quantile is the 11th: 600
    assert c.reference == 600
    assert c.status["2013-01"] is Density.SAMPLED  # 60 < 300
    assert c.status["2013-04"] is Density.EMPTY  # no event between the first and last month
    assert c.status["2013-05"] is Density.SAMPLED  # 200 < 300
    assert c.status["2013-07"] is Density.DENSE
    assert c.status["2013-11"] is Density.DENSE  # a spike is dense, not the reference
    assert len(c.status) == 13


def test_weak_months_of_a_window() -> None:
    c = partial_source()
    w = c.weak(date(2013, 3, 15), date(2013, 8, 1))
    assert w is not None
    assert [(m, d.value, n) for m, d, n in w.months] == [
        ("2013-03", "sampled", 60),
        ("2013-04", "empty", 0),
        ("2013-05", "sampled", 200),
        ("2013-06", "sampled", 60),
    ]
    assert (
        w.describe() == "s holds only a sample for 2013-03..2013-06 (60 events a month there, 600 in its dense months)"
    )
    assert c.weak(date(2013, 7, 1), None) is None  # dense from July on
    assert c.weak(date(2020, 1, 1), date(2020, 12, 31)) is None  # outside the source's period
    assert c.weak(None, date(2013, 1, 31)) is not None  # open start: from the source's first month


def test_a_small_source_is_not_judged() -> None:
    # 12 months but a reference of 93 events (the bundled ICEWS14 sample's counts): chance, not sampling
    sample = [57, 46, 46, 93, 91, 91, 64, 62, 63, 43, 70, 61]
    small = SourceCoverage("h", {f"2014-{m:02d}": n for m, n in enumerate(sample, start=1)})
    assert small.reference == 91 and not small.judged and small.status == {}
    assert small.weak(None, None) is None
    # 11 non-empty months of a dense source: not judged either
    few = SourceCoverage("f", {f"2014-{m:02d}": (10 if m < 4 else 500) for m in range(1, 12)})
    assert few.weak(None, None) is None


def test_table_picks_the_named_source() -> None:
    t = CoverageTable.from_rows(
        [{"source": "dense", "month": f"2013-{m:02d}", "events": 1000} for m in range(1, 13)]
        + [{"source": "s", "month": m, "events": n} for m, n in partial_source().counts.items()]
    )
    assert t.weak(["dense"], date(2013, 1, 1), date(2013, 12, 31)) is None
    w = t.weak(["s"], date(2013, 1, 1), date(2013, 2, 28))
    assert w is not None and w.source == "s"
    assert t.weak([None], date(2013, 1, 1), date(2013, 2, 28)) is not None  # no source named: any source
    rows = t.rows()
    assert rows[0] == {"source": "dense", "month": "2013-01", "events": 1000, "density": "dense", "reference": 1000}


def test_periods_and_their_description() -> None:
    c = partial_source()
    # 2013-01..03 sampled (60 x3), 2013-04 empty (0), 2013-05..06 sampled (200, 60), 2013-07..2014-01 dense
    # (600 x5, 1000, 600: median of 7 = the 4th smallest = 600)
    assert [(p.first, p.last, p.density, p.counts) for p in c.periods()] == [
        ("2013-01", "2013-03", Density.SAMPLED, (60, 60, 60)),
        ("2013-04", "2013-04", Density.EMPTY, (0,)),
        ("2013-05", "2013-06", Density.SAMPLED, (200, 60)),
        ("2013-07", "2014-01", Density.DENSE, (600, 600, 600, 600, 1000, 600, 600)),
    ]
    # medians: sorted (60, 200) -> index 1 -> 200
    assert c.describe() == (
        "s: sampled 2013-01..2013-03 (median 60 events a month), empty 2013-04 (median 0), "
        "sampled 2013-05..2013-06 (median 200), dense 2013-07..2014-01 (median 600)"
    )


def test_a_source_too_small_to_judge_says_so() -> None:
    c = SourceCoverage("tiny", {"2014-01": 40, "2014-02": 90, "2014-03": 60})  # 3 months, reference 90: not judged
    assert not c.judged and c.status == {}
    assert c.describe() == (
        "tiny: 2014-01..2014-03, not judged: too few months or events to tell a sample from chance "
        "(median 60 events a month)"
    )


def test_an_unjudged_source_spanning_centuries_keeps_no_month_by_month_status() -> None:
    # A Wikidata-style facts source: a few dated facts from year 140 to 2020 (22,561 months between them)
    c = SourceCoverage("facts", {"0140-05": 1, "1850-01": 3, "2020-12": 2})
    assert not c.judged and c.status == {}
    assert (c.first, c.last) == ("0140-05", "2020-12")
    assert c.weak(date(1900, 1, 1), date(1901, 1, 1)) is None  # nothing to say of a source not judged
    assert c.periods() == []
    assert CoverageTable({"facts": c}).rows() == [
        {"source": "facts", "month": m, "events": n, "density": "dense", "reference": 3}
        for m, n in (("0140-05", 1), ("1850-01", 3), ("2020-12", 2))
    ]
