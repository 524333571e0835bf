"""Interval semantics of stored facts and the index use of tkgrag.queries.temporal (EXPLAIN plans)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.queries import temporal as tq
from tkgrag.store import Store

# m: the month May 2014; d: a day inside it; out: a day outside it (2014-06-01); w: 2004..2005; o: open end from 2015
FACTS = "M\tR\tm\t2014-05\nD\tR\td\t2014-05-13\nX\tR\tout\t2014-06-01\nW\tR\tw\t2004\t2005\nO\tS\to\t2015-01-01\t-\n"
ALL: dict[str, Any] = {"relation": None, "as_of": None, "limit": 100}


@pytest.fixture
def facts(store: Store, tmp_path: Path) -> Store:
    path = tmp_path / "spans.tsv"
    path.write_text(FACTS, encoding="utf-8")
    ingest_tkg_file(store, path, options=IngestOptions(progress=False))
    return store


def objects(store: Store, query: str, **params: Any) -> set[str]:
    rows = store.run(query, {**ALL, **params})
    keys = {r["key"] for r in rows}
    return {
        r["o"]
        for r in store.run("MATCH (e:Event)-[:OBJECT]->(o) WHERE e.key IN $k RETURN o.key AS o", {"k": list(keys)})
    }


def test_a_month_fact_overlaps_a_day_inside_the_month_not_outside(facts: Store) -> None:
    inside = date(2014, 5, 20)
    outside = date(2014, 6, 1)
    assert objects(facts, tq.EVENTS_VALID_ON, date=inside) == {"m"}
    assert objects(facts, tq.EVENTS_VALID_ON, date=outside) == {"out"}
    assert objects(facts, tq.EVENTS_VALID_ON, date=date(2014, 5, 13)) == {"m", "d"}


def test_overlap_before_after_during(facts: Store) -> None:
    may = {"start": date(2014, 5, 1), "end": date(2014, 5, 31)}
    assert objects(facts, tq.EVENTS_OVERLAPPING, **may) == {"m", "d"}
    assert objects(facts, tq.EVENTS_DURING, **may) == {"m", "d"}
    # 2005-06 .. 2014-05-01 overlaps the 2004..2005 interval and the month (whose first day it includes)
    assert objects(facts, tq.EVENTS_OVERLAPPING, start=date(2005, 6, 1), end=date(2014, 5, 1)) == {"w", "m"}
    assert objects(facts, tq.EVENTS_DURING, start=date(2005, 6, 1), end=date(2014, 5, 31)) == {"m", "d"}
    # the open-ended fact is valid from 2015 on, for ever
    assert objects(facts, tq.EVENTS_OVERLAPPING, start=date(2030, 1, 1), end=date(2030, 1, 1)) == {"o"}
    assert objects(facts, tq.EVENTS_BEFORE, date=date(2014, 5, 13)) == {"w"}  # the month has not ended by then
    assert objects(facts, tq.EVENTS_AFTER, date=date(2014, 5, 13)) == {"out", "o"}
    assert objects(facts, tq.EVENTS_OVERLAPPING, start=date(2000, 1, 1), end=date(2100, 1, 1), relation="S") == {"o"}


def test_entity_events_and_record_time(facts: Store) -> None:
    rows = facts.run(
        tq.ENTITY_EVENTS_OVERLAPPING, {**ALL, "entity": "m", "start": date(2014, 5, 31), "end": date(2014, 5, 31)}
    )
    assert [(r["subject"], r["object"], r["granularity"]) for r in rows] == [("M", "m", "month")]
    # what the graph knew: everything now, nothing an hour before the ingestion
    now = datetime.now(UTC)
    assert facts.run(tq.KNOWN_AS_OF, {"as_of": now}) == [{"source": "spans", "events": 5}]
    assert facts.run(tq.KNOWN_AS_OF, {"as_of": now - timedelta(hours=1)}) == []
    assert objects(facts, tq.EVENTS_VALID_ON, date=date(2014, 5, 20), as_of=now - timedelta(hours=1)) == set()


def operators(plan: Any) -> list[tuple[str, str]]:
    out = [(plan["operatorType"].split("@")[0], plan.get("args", {}).get("Details", ""))]
    for child in plan.get("children", []):
        out.extend(operators(child))
    return out


RANGE_QUERIES = {
    "overlapping": (tq.EVENTS_OVERLAPPING, {"start": date(2014, 5, 1), "end": date(2014, 5, 31)}, 3),
    "valid_on": (tq.EVENTS_VALID_ON, {"date": date(2014, 5, 1)}, 3),
    "during": (tq.EVENTS_DURING, {"start": date(2014, 5, 1), "end": date(2014, 5, 31)}, 1),
    "before": (tq.EVENTS_BEFORE, {"date": date(2014, 5, 1)}, 1),
    "after": (tq.EVENTS_AFTER, {"date": date(2014, 5, 1)}, 1),
}


@pytest.mark.parametrize("name", sorted(RANGE_QUERIES))
def test_temporal_filters_seek_the_range_indexes(facts: Store, name: str) -> None:
    query, params, branches = RANGE_QUERIES[name]
    with facts.driver.session(database=facts.database) as session:
        plan = session.run("EXPLAIN " + query, {**ALL, **params}).consume().plan
    assert plan is not None
    ops = operators(plan)
    seeks = [d for op, d in ops if op == "NodeIndexSeekByRange"]
    assert len(seeks) == branches, ops  # one seek per UNION branch
    assert all("valid_from" in d or "valid_to" in d for d in seeks)
    assert not any(op in ("NodeByLabelScan", "AllNodesScan") for op, _ in ops), ops
