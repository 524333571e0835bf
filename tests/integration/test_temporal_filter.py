"""The temporal constraint filter in Cypher (queries.retrieval.TEMPORAL_FILTER) on facts of every granularity.

Facts (closed intervals):
  d  day    2014-05-13
  m  month  2014-05-01..2014-05-31
  y  year   2014-01-01..2014-12-31
  w  years  2004-01-01..2005-12-31
  o  open   since 2014-06-01 (valid_to null)
  b  day    2014-04-30 (boundary: the day before May)
"""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.model import TemporalConstraint
from tkgrag.queries.retrieval import TEMPORAL_FILTER
from tkgrag.retrievers.base import constraint_params
from tkgrag.store import Store
from tkgrag.temporal import TimeSpan

FACTS = {
    "d": TimeSpan.parse("2014-05-13"),
    "m": TimeSpan.parse("2014-05"),
    "y": TimeSpan.parse("2014"),
    "w": TimeSpan.between("2004", "2005"),
    "o": TimeSpan(date(2014, 6, 1), None, TimeSpan.parse("2014-06-01").granularity),
    "b": TimeSpan.parse("2014-04-30"),
}

CASES = [
    # in May 2014: everything overlapping May (day inside, the month itself, the year), not the day before
    (TemporalConstraint.in_period("2014-05"), {"d", "m", "y"}),
    # on 2014-05-13: the day, and the coarser facts that contain it
    (TemporalConstraint.in_period("2014-05-13"), {"d", "m", "y"}),
    # before May 2014: ends before 2014-05-01 (the boundary day b, and 2004..2005)
    (TemporalConstraint.before("2014-05"), {"b", "w"}),
    # before 2014-05-13: b ends 04-30; m (ends 05-31) and d (the day itself) do not
    (TemporalConstraint.before("2014-05-13"), {"b", "w"}),
    # after May 2014: starts after 2014-05-31 (the open-ended fact from June)
    (TemporalConstraint.after("2014-05"), {"o"}),
    # after 2005: everything that starts in 2006 or later
    (TemporalConstraint.after("2005"), {"d", "m", "y", "o", "b"}),
    # between 2005 and 2006: only the 2004..2005 fact overlaps
    (TemporalConstraint.between("2005", "2006"), {"w"}),
    # during 2015: only the open-ended fact is still valid
    (TemporalConstraint.in_period("2015"), {"o"}),
]


@pytest.fixture
def facts(store: Store) -> Store:
    store.run(
        "UNWIND $rows AS r CREATE (:Event {key: r.key, relation: 'test', valid_from: r.f, valid_to: r.t, "
        "granularity: r.g})",
        {"rows": [{"key": k, "f": s.start, "t": s.end, "g": s.granularity.value} for k, s in FACTS.items()]},
    )
    return store


@pytest.mark.parametrize(("constraint", "expected"), CASES, ids=[c.describe() for c, _ in CASES])
def test_cypher_filter(facts: Store, constraint: TemporalConstraint, expected: set[str]) -> None:
    rows = facts.run(f"MATCH (e:Event) WHERE {TEMPORAL_FILTER} RETURN e.key AS key", constraint_params(constraint))
    assert {r["key"] for r in rows} == expected


@pytest.mark.parametrize(("constraint", "expected"), CASES, ids=[c.describe() for c, _ in CASES])
def test_in_memory_admits_agrees(constraint: TemporalConstraint, expected: set[str]) -> None:
    assert {k for k, s in FACTS.items() if constraint.admits(s)} == expected


def test_no_constraint_admits_all(facts: Store) -> None:
    rows = facts.run(f"MATCH (e:Event) WHERE {TEMPORAL_FILTER} RETURN e.key AS key", constraint_params(None))
    assert {r["key"] for r in rows} == set(FACTS)
