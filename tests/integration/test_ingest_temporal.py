"""Interval semantics of facts as ``tkgrag ingest tkg`` stores them, read through the one temporal filter
(``queries.temporal_filter``) and the symbolic reader's bounded reads; record time (``ingested_at``); and the range
index seek that ``cypher/explore.cypher`` promises for "facts that start between two dates".

The file (``spans.tsv``)::

  M  R  m    2014-05                 the month May 2014 = [2014-05-01, 2014-05-31]
  D  R  d    2014-05-13              a day inside it
  X  R  out  2014-06-01              a day outside it
  W  R  w    2004  2005              [2004-01-01, 2005-12-31]
  O  S  o    2015-01-01  -           open end: valid from 2015 on, for ever
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tkgrag.graph_reads import FactReads
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.model import TemporalConstraint, TemporalRelation
from tkgrag.queries.temporal_filter import constraint_params, temporal_filter
from tkgrag.store import Store
from tkgrag.temporal import Granularity, TimeSpan

FACTS = "M\tR\tm\t2014-05\nD\tR\td\t2014-05-13\nX\tR\tout\t2014-06-01\nW\tR\tw\t2004\t2005\nO\tS\to\t2015-01-01\t-\n"
EXPLORE = Path(__file__).resolve().parents[2] / "cypher" / "explore.cypher"

# Objects of the stored facts that meet every constraint in $tcs (and $relation, $as_of when given).
OBJECTS = f"""
MATCH (n:Event)-[:OBJECT]->(o:Entity)
WHERE {temporal_filter("n", "Event")}
  AND ($relation IS NULL OR n.relation = $relation) AND ($as_of IS NULL OR n.ingested_at <= $as_of)
RETURN o.key AS key
"""

# What the graph knew as of $as_of: facts ingested by then, per source.
KNOWN_AS_OF = """
MATCH (e:Event)
WHERE e.ingested_at <= $as_of
RETURN e.source AS source, count(e) AS events
ORDER BY source
"""


@pytest.fixture
def facts(store: Store, tmp_path: Path) -> Store:
    path = tmp_path / "spans.tsv"
    path.write_text(FACTS, encoding="utf-8")
    summary = ingest_tkg_file(store, path, options=IngestOptions(progress=False, rejects_dir=tmp_path))
    assert (summary.written, summary.rejected) == (5, 0)
    return store


def objects(store: Store, *constraints: TemporalConstraint, relation: str | None = None, as_of: Any = None) -> set[str]:
    params = {"relation": relation, "as_of": as_of, **constraint_params(constraints)}
    return {r["key"] for r in store.run(OBJECTS, params)}


def on(day: date) -> TemporalConstraint:
    return TemporalConstraint(TemporalRelation.DURING, TimeSpan.day(day))


def period(start: date, end: date) -> TemporalConstraint:
    return TemporalConstraint(TemporalRelation.DURING, TimeSpan(start, end))


def test_stored_intervals(facts: Store) -> None:
    rows = facts.run(
        "MATCH (n:Event)-[:OBJECT]->(o) RETURN o.key AS key, n.valid_from AS f, n.valid_to AS t, n.granularity AS g"
    )
    got = {r["key"]: (r["f"] and r["f"].to_native(), r["t"] and r["t"].to_native(), r["g"]) for r in rows}
    assert got == {
        "m": (date(2014, 5, 1), date(2014, 5, 31), "month"),
        "d": (date(2014, 5, 13), date(2014, 5, 13), "day"),
        "out": (date(2014, 6, 1), date(2014, 6, 1), "day"),
        "w": (date(2004, 1, 1), date(2005, 12, 31), "year"),
        "o": (date(2015, 1, 1), None, "day"),
    }


def test_a_month_fact_overlaps_a_day_inside_the_month_not_outside(facts: Store) -> None:
    assert objects(facts, on(date(2014, 5, 20))) == {"m"}
    assert objects(facts, on(date(2014, 6, 1))) == {"out"}
    assert objects(facts, on(date(2014, 5, 13))) == {"m", "d"}
    # the month's first and last days, and the days just outside it
    assert objects(facts, on(date(2014, 5, 1))) == {"m"}
    assert objects(facts, on(date(2014, 5, 31))) == {"m"}
    assert objects(facts, on(date(2014, 4, 30))) == set()


def test_overlap_before_after(facts: Store) -> None:
    assert objects(facts, TemporalConstraint.in_period("2014-05")) == {"m", "d"}
    # 2005-06 .. 2014-05-01 overlaps the 2004..2005 interval and the month (whose first day it includes)
    assert objects(facts, period(date(2005, 6, 1), date(2014, 5, 1))) == {"w", "m"}
    # overlap, not containment: 2005-06 .. 2014-05-31 also shares the second half of 2005 with w
    assert objects(facts, period(date(2005, 6, 1), date(2014, 5, 31))) == {"w", "m", "d"}
    # the open-ended fact is valid from 2015 on, for ever
    assert objects(facts, on(date(2030, 1, 1))) == {"o"}
    assert objects(facts, on(date(2014, 12, 31))) == set()
    before, after = TemporalConstraint.before("2014-05-13"), TemporalConstraint.after("2014-05-13")
    assert objects(facts, before) == {"w"}  # the month has not ended by then
    assert objects(facts, after) == {"out", "o"}
    assert objects(facts, TemporalConstraint.before("2100")) == {"m", "d", "out", "w"}  # an open end never ends
    assert objects(facts, period(date(2000, 1, 1), date(2100, 1, 1)), relation="S") == {"o"}
    # several constraints: all hold
    assert objects(facts, TemporalConstraint.in_period("2014"), after) == {"out"}
    assert objects(facts, TemporalConstraint.in_period("2014-05"), TemporalConstraint.before("2014-06")) == {"m", "d"}
    # and the in-memory test agrees with Cypher on every stored interval
    rows = facts.run("MATCH (n:Event)-[:OBJECT]->(o) RETURN o.key AS key, n.valid_from AS f, n.valid_to AS t")
    spans = {r["key"]: TimeSpan(r["f"].to_native(), r["t"] and r["t"].to_native()) for r in rows}
    for constraint in (before, after, TemporalConstraint.in_period("2014-05"), on(date(2030, 1, 1))):
        assert objects(facts, constraint) == {k for k, s in spans.items() if constraint.admits(s)}


def test_entity_reads_and_record_time(facts: Store, tmp_path: Path) -> None:
    # the reader's bounded read around an entity, with the same filter: the month fact holds on its last day
    (item,) = FactReads(facts).facts(None, "m", None, [on(date(2014, 5, 31))])
    assert (item.subject, item.relation, item.object) == ("M", "R", "m")
    assert item.span == TimeSpan(date(2014, 5, 1), date(2014, 5, 31), Granularity.MONTH)
    assert FactReads(facts).facts(None, "m", None, [on(date(2014, 6, 1))]) == []

    # what the graph knew: everything now, nothing an hour before the ingestion
    first_known = datetime.now(UTC)
    assert facts.run(KNOWN_AS_OF, {"as_of": first_known}) == [{"source": "spans", "events": 5}]
    assert facts.run(KNOWN_AS_OF, {"as_of": first_known - timedelta(hours=1)}) == []
    assert objects(facts, on(date(2014, 5, 20)), as_of=first_known - timedelta(hours=1)) == set()
    assert objects(facts, on(date(2014, 5, 20)), as_of=first_known) == {"m"}

    # a later ingestion is not known as of a time between the two; re-ingesting keeps the first record time
    late = tmp_path / "late.tsv"
    late.write_text("L\tR\tlate\t2014-05-20\n", encoding="utf-8")
    ingest_tkg_file(facts, late, options=IngestOptions(progress=False, rejects_dir=tmp_path))
    assert facts.run(KNOWN_AS_OF, {"as_of": first_known}) == [{"source": "spans", "events": 5}]
    assert objects(facts, on(date(2014, 5, 20)), as_of=first_known) == {"m"}
    now = datetime.now(UTC)
    assert facts.run(KNOWN_AS_OF, {"as_of": now}) == [
        {"source": "late", "events": 1},
        {"source": "spans", "events": 5},
    ]
    assert objects(facts, on(date(2014, 5, 20)), as_of=now) == {"m", "late"}
    ingest_tkg_file(facts, tmp_path / "spans.tsv", options=IngestOptions(progress=False, rejects_dir=tmp_path))
    assert facts.run(KNOWN_AS_OF, {"as_of": first_known}) == [{"source": "spans", "events": 5}]


def operators(plan: Any) -> list[tuple[str, str]]:
    out = [(plan["operatorType"].split("@")[0], plan.get("args", {}).get("Details", ""))]
    for child in plan.get("children", []):
        out.extend(operators(child))
    return out


def explore_query(heading: str) -> str:
    """The query of ``cypher/explore.cypher`` whose comment says ``heading`` (comment lines removed)."""
    for chunk in re.split(r";[ \t]*(?:\n|$)", EXPLORE.read_text(encoding="utf-8")):
        lines = [ln for ln in chunk.strip().splitlines() if ln.strip()]
        comment = " ".join(ln.strip()[2:].strip() for ln in lines if ln.strip().startswith("//"))
        if heading in comment:
            return "\n".join(ln for ln in lines if not ln.strip().startswith("//"))
    raise AssertionError(f"no query under {heading!r} in {EXPLORE}")


def test_explore_start_between_dates_seeks_the_range_index(facts: Store) -> None:
    """The explore query promises a NodeIndexSeekByRange on event_valid_from; it also finds the right facts."""
    query = explore_query("Facts that START between two dates")
    params = {"from": date(2014, 5, 1), "to": date(2014, 6, 1)}
    with facts.driver.session(database=facts.database) as session:
        plan = session.run("EXPLAIN " + query, params).consume().plan
    assert plan is not None
    ops = operators(plan)
    seeks = [d for op, d in ops if op == "NodeIndexSeekByRange"]
    assert len(seeks) == 1 and "valid_from" in seeks[0], ops
    assert not any(op in ("NodeByLabelScan", "AllNodesScan") for op, _ in ops), ops
    starts = sorted(r["valid_from"].to_native() for r in facts.run(query, params))
    assert starts == [date(2014, 5, 1), date(2014, 5, 13), date(2014, 6, 1)]  # m, d, out
