"""Partial-KG honesty (issue 29, item 4) on a tiny store with a sparse and a dense period.

Source "partial": 2013-01..2013-06 hold 30 events a month (a "sample"), 2013-07..2013-12 hold 300 (dense): the
reference (0.9 quantile of the 12 monthly counts) is 300, so the first six months are sampled (30 < 150). Besides the
filler events between filler actors, the facts the questions are about:

    Alpha Union   Make_a_visit   Zeta Republic   2013-03-10   (sampled month)
    Alpha Union   Make_a_visit   Zeta Republic   2013-08-05   (dense)
    Beta League   Make_a_visit   Zeta Republic   2013-09-01   (dense)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import asking
import pytest
from rich.console import Console

from tkgrag.cli.status_cmd import print_status
from tkgrag.ingest.coverage import CoverageTable, Density, rebuild_coverage
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.planning.inventory import take_inventory
from tkgrag.queries.coverage import COVERAGE_TABLE
from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

SOURCE = "partial"
FACTS = [
    ("Alpha_Union", "Make_a_visit", "Zeta_Republic", "2013-03-10"),
    ("Alpha_Union", "Make_a_visit", "Zeta_Republic", "2013-08-05"),
    ("Beta_League", "Make_a_visit", "Zeta_Republic", "2013-09-01"),
]


def filler(month: int, n: int) -> list[tuple[str, str, str, str]]:
    """``n`` events in ``month`` of 2013 between filler actors (none with the question's actors)."""
    return [
        (f"Filler_{i:03d}", "Consult", f"Filler_{i + 500:03d}", f"2013-{month:02d}-{1 + i % 28:02d}") for i in range(n)
    ]


def write(path: Path, rows: list[tuple[str, str, str, str]]) -> Path:
    path.write_text("".join("\t".join(r) + "\n" for r in rows), encoding="utf-8")
    return path


def monthly_rows() -> list[tuple[str, str, str, str]]:
    rows: list[tuple[str, str, str, str]] = []
    for month in range(1, 13):
        n = 30 if month <= 6 else 300
        rows += filler(month, n - sum(1 for f in FACTS if int(f[3][5:7]) == month))
    return rows + FACTS


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    from tests.conftest import wipe

    wipe(session_store)
    folder = tmp_path_factory.mktemp("partial")
    ingest_tkg_file(
        session_store,
        write(folder / "partial.tsv", monthly_rows()),
        source=SOURCE,
        options=IngestOptions(progress=False, rejects_dir=folder),
    )
    yield session_store


@pytest.fixture(scope="module")
def vector(graph: Store, embedder) -> VectorRetriever:  # type: ignore[no-untyped-def]
    return VectorRetriever(graph, embedder)


def ask(graph: Store, embedder, vector: VectorRetriever, question: str, sampled: str = "abstain") -> SymbolicAnswer:  # type: ignore[no-untyped-def]
    a = asking.ask(SymbolicReader(graph, embedder, sampled=sampled), vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return a


def test_the_ingest_counts_events_per_source_and_month(graph: Store) -> None:
    rows = graph.run(COVERAGE_TABLE)
    assert [(r["month"], r["events"]) for r in rows] == [(f"2013-{m:02d}", 30 if m <= 6 else 300) for m in range(1, 13)]
    cov = CoverageTable.load(graph).sources[SOURCE]
    assert cov.reference == 300
    assert [cov.status[f"2013-{m:02d}"] for m in (1, 6, 7, 12)] == [
        Density.SAMPLED,
        Density.SAMPLED,
        Density.DENSE,
        Density.DENSE,
    ]


def test_status_says_where_a_source_is_only_a_sample(graph: Store) -> None:
    inv = take_inventory(graph)
    assert inv.coverage == [
        "partial: sampled 2013-01..2013-06 (median 30 events a month), dense 2013-07..2013-12 (median 300)"
    ]
    assert inv.as_dict()["coverage"] == inv.coverage
    out = Console(record=True, width=300)
    print_status(inv, out)
    assert "coverage: partial: sampled 2013-01..2013-06 (median 30 events a month)" in out.export_text()


def test_first_from_a_sampled_period_is_withheld(graph: Store, embedder, vector: VectorRetriever) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, embedder, vector, "Who was the first to visit Zeta Republic?")
    assert a.answers == [] and a.strategy == "none: sampled period"
    assert [c.text for c in a.withheld][:1] == ["Alpha Union"]  # what the sample alone would say (2013-03-10)
    assert a.no_answer is not None and "partial holds only a sample for 2013-01..2013-03" in a.no_answer
    # the same store, coverage ignored: the sample's first is answered as if it were the first
    b = ask(graph, embedder, vector, "Who was the first to visit Zeta Republic?", sampled="ignore")
    assert [c.text for c in b.answers][:1] == ["Alpha Union"] and b.coverage is None


def test_first_within_the_dense_period_is_answered(graph: Store, embedder, vector: VectorRetriever) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, embedder, vector, "Who was the first to visit Zeta Republic after 1 August 2013?")
    assert [c.text for c in a.answers][:1] == ["Alpha Union"]  # 2013-08-05, every month since is dense
    assert a.coverage is None


def test_last_is_answered_when_every_later_month_is_dense(graph: Store, embedder, vector: VectorRetriever) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, embedder, vector, "Who was the last to visit Zeta Republic?")
    assert [c.text for c in a.answers][:1] == ["Beta League"] and a.coverage is None


def test_before_a_date_is_answered_with_the_caveat(graph: Store, embedder, vector: VectorRetriever) -> None:  # type: ignore[no-untyped-def]
    # "who visited before T" holds for every visitor before T: Alpha Union's 2013-03-10 visit is exact evidence
    a = ask(graph, embedder, vector, "Who visited Zeta Republic before 1 August 2013?")
    assert [c.text for c in a.answers] == ["Alpha Union"]
    assert a.coverage is not None and "partial holds only a sample for 2013-03..2013-06" in a.coverage.describe()
    # "the last to visit before T" needs the months the sample misses: withheld
    b = ask(graph, embedder, vector, "Who was the last to visit Zeta Republic before 1 August 2013?")
    assert b.answers == [] and [c.text for c in b.withheld][:1] == ["Alpha Union"]


def test_what_is_there_is_answered_with_the_caveat(graph: Store, embedder, vector: VectorRetriever) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, embedder, vector, "Who visited Zeta Republic in March 2013?")
    assert [c.text for c in a.answers] == ["Alpha Union"]  # the event is in the store: exact
    assert a.coverage is not None and a.coverage.describe().startswith("partial holds only a sample for 2013-03")


def test_nothing_in_a_sampled_month_says_the_month_is_sampled(graph: Store, embedder, vector: VectorRetriever) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, embedder, vector, "Who visited Zeta Republic in April 2013?")
    assert a.answers == []
    assert a.no_answer is not None and "note: partial holds only a sample for 2013-04" in a.no_answer
    dense = ask(graph, embedder, vector, "Who visited Zeta Republic in October 2013?")
    assert dense.answers == [] and dense.no_answer is not None and "sample" not in dense.no_answer


def test_a_later_ingest_recounts_only_the_months_it_touched(
    graph: Store, tmp_path_factory: pytest.TempPathFactory
) -> None:
    before = {r["month"]: r for r in graph.run("MATCH (c:Coverage) RETURN c.month AS month, c.updated_at AS at")}
    folder = tmp_path_factory.mktemp("more")
    extra = [(f"Extra_{i:03d}", "Consult", "Extra_999", f"2013-04-{1 + i % 28:02d}") for i in range(250)]
    ingest_tkg_file(
        graph,
        write(folder / "more.tsv", extra),
        source=SOURCE,
        options=IngestOptions(progress=False, rejects_dir=folder),
    )
    after = {r["month"]: r for r in graph.run("MATCH (c:Coverage) RETURN c.month AS month, c.updated_at AS at")}
    changed = sorted(m for m in after if after[m]["at"] != before[m]["at"])
    assert changed == ["2013-04"]
    cov = CoverageTable.load(graph).sources[SOURCE]
    assert cov.counts["2013-04"] == 280 and cov.status["2013-04"] is Density.DENSE
    # a full rebuild gives the same counts
    rebuild_coverage(graph)
    assert CoverageTable.load(graph).sources[SOURCE].counts == cov.counts
