"""The one temporal filter (``queries.temporal_filter.temporal_filter``) on every node kind, against hand-worked
expectations, and ``TemporalConstraint.admits`` agreeing with it on the intervals read back from the graph.

The same eight intervals are ingested as every kind, through the real ingestion code:

  tag  interval                         events (TSV)        facts (JSONL, n-ary)              passages (JSONL)
  d    2014-05-13                       date column         point in time qualifier (P585)    "on 13 May 2014" in text
  m    2014-05-01..2014-05-31 (month)   date 2014-05        start/end time qualifiers 2014-05 "in May 2014" in text
  y    2014-01-01..2014-12-31 (year)    date 2014           point_in_time field 2014          "in 2014" in text
  w    2004-01-01..2005-12-31 (years)   start/end columns   start/end fields 2004 / 2005      "from 2004 to 2005"
  o    2014-06-01..(open end, "since")  end column "-"      start time qualifier only         dates ["2014-06-01.."]
  b    2014-04-30 (the day before May)  date column         start/end fields 2014-04-30       "on 30 April 2014"
  u    (open start)..2005-12-31         start column "-"    end time qualifier only           dates ["..2005"]
  n    no time at all                   both columns "-"    no time (a literal qualifier)     no date in the text

Chunks carry no time: two are ingested (``n``, ``d``) and ``d`` is then given valid_from = valid_to = 2014-05-13 by
hand, to show the filter reads ``Chunk.valid_from/valid_to`` when they exist.

The rule (closed day intervals, null = open): ``before`` needs a known end < the constraint's start, ``after`` a
known start > the constraint's end, ``during`` any shared day (open ends share). All constraints must hold.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date

import pytest

from tkgrag.graph_reads import FactReads
from tkgrag.ingest.formats.run import ingest_corpus, ingest_facts, ingest_passages
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.model import TemporalConstraint, TemporalRelation
from tkgrag.queries.temporal_filter import INTERVALS, constraint_params, temporal_filter
from tkgrag.store import Store
from tkgrag.temporal import TimeSpan

D = date
# tag -> (start, end) of the interval every kind holds for it (None = open)
SPANS: dict[str, tuple[date | None, date | None]] = {
    "d": (D(2014, 5, 13), D(2014, 5, 13)),
    "m": (D(2014, 5, 1), D(2014, 5, 31)),
    "y": (D(2014, 1, 1), D(2014, 12, 31)),
    "w": (D(2004, 1, 1), D(2005, 12, 31)),
    "o": (D(2014, 6, 1), None),
    "b": (D(2014, 4, 30), D(2014, 4, 30)),
    "u": (None, D(2005, 12, 31)),
    "n": (None, None),
}
ALL = frozenset(SPANS)

EVENTS_TSV = "".join(
    f"ev_{tag}\tHappened\tPlace\t{cols}\n"
    for tag, cols in [
        ("d", "2014-05-13"),
        ("m", "2014-05"),
        ("y", "2014"),
        ("w", "2004\t2005"),
        ("o", "2014-06-01\t-"),
        ("b", "2014-04-30"),
        ("u", "-\t2005"),
        ("n", "-\t-"),
    ]
)


def fact(tag: str, qualifiers: Sequence[tuple[str, str, str, str]] = (), **time: str) -> dict[str, object]:
    """A position-held fact of subject ``fact_<tag>``; qualifiers as (property, label, value, type)."""
    return {
        "subject": f"fact_{tag}",
        "subject_label": f"Holder {tag.upper()}",
        "predicate": "P39",
        "predicate_label": "position held",
        "object": "Q_office",
        "object_label": "Office",
        **time,
        "qualifiers": [{"predicate": p, "predicate_label": lbl, "value": v, "type": t} for p, lbl, v, t in qualifiers],
    }


FACTS = [
    fact("d", [("P585", "point in time", "2014-05-13", "time")]),
    fact("m", [("P580", "start time", "2014-05", "time"), ("P582", "end time", "2014-05", "time")]),
    fact("y", point_in_time="2014"),
    fact("w", [("P768", "electoral district", "Q_district", "entity")], start="2004", end="2005"),
    fact("o", [("P580", "start time", "2014-06-01", "time")]),  # "since 2014-06-01"
    fact("b", start="2014-04-30", end="2014-04-30"),
    fact("u", [("P582", "end time", "2005", "time")]),
    fact("n", [("P1545", "series ordinal", "7", "literal")]),
]

PASSAGES = [
    {"id": "passage_d", "title": "Treaty", "text": "The treaty was signed on 13 May 2014."},
    {"id": "passage_m", "title": "Talks", "text": "The talks took place in May 2014."},
    {"id": "passage_y", "title": "Festival", "text": "The festival was held in 2014."},
    {"id": "passage_w", "title": "Club", "text": "He played there from 2004 to 2005."},
    {"id": "passage_o", "title": "Service", "text": "The service has run ever since.", "dates": ["2014-06-01.."]},
    {"id": "passage_b", "title": "Season", "text": "The season ended on 30 April 2014."},
    {"id": "passage_u", "title": "Old law", "text": "The old law stood until it was repealed.", "dates": ["..2005"]},
    {"id": "passage_n", "title": "Lake", "text": "A passage that mentions no date at all."},
]

CORPUS = {
    "id": "doc_a",
    "title": "Document A",
    "chunks": [{"id": "chunk_n", "text": "A chunk without any time."}, {"id": "chunk_d", "text": "Another chunk."}],
}


@dataclass(frozen=True)
class Kind:
    """How to find one kind's test nodes ``n`` and their tag."""

    label: str
    match: str  # binds n (and anything the tag needs)
    tag: str  # a Cypher expression of the tag-carrying key
    prefix: str
    tags: frozenset[str]


KINDS = {
    "event": Kind("Event", "MATCH (n:Event {source: 'events'})-[:SUBJECT]->(s:Entity)", "s.key", "ev_", ALL),
    "fact": Kind("Event", "MATCH (n:Event {source: 'facts'})-[:SUBJECT]->(s:Entity)", "s.key", "fact_", ALL),
    "passage": Kind("Passage", "MATCH (n:Passage)", "n.key", "passage_", ALL),
    "chunk": Kind("Chunk", "MATCH (n:Chunk)", "n.key", "chunk_", frozenset({"n", "d"})),
}


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """Every kind of the table above, ingested once for this module (the tests only read)."""
    from tests.conftest import wipe

    store = session_store
    wipe(store)
    tmp = tmp_path_factory.mktemp("temporal_filter")
    opts = IngestOptions(progress=False, rejects_dir=tmp)
    (tmp / "events.tsv").write_text(EVENTS_TSV, encoding="utf-8")
    (tmp / "facts.jsonl").write_text("".join(json.dumps(f) + "\n" for f in FACTS), encoding="utf-8")
    (tmp / "passages.jsonl").write_text("".join(json.dumps(p) + "\n" for p in PASSAGES), encoding="utf-8")
    (tmp / "corpus.jsonl").write_text(json.dumps(CORPUS) + "\n", encoding="utf-8")
    summaries = [
        ingest_tkg_file(store, tmp / "events.tsv", source="events", options=opts),
        ingest_facts(store, tmp / "facts.jsonl", source="facts", options=opts),
        ingest_passages(store, tmp / "passages.jsonl", source="passages", options=opts),
        ingest_corpus(store, tmp / "corpus.jsonl", source="corpus", options=opts).documents,
    ]
    assert [(s.written, s.rejected) for s in summaries] == [(8, 0), (8, 0), (8, 0), (3, 0)]  # corpus: 1 doc + 2
    store.run("MATCH (c:Chunk {key: 'chunk_d'}) SET c.valid_from = date('2014-05-13'), c.valid_to = date('2014-05-13')")
    yield store


def matching(store: Store, kind: str, constraints: Sequence[TemporalConstraint]) -> set[str]:
    """Tags of the ``kind`` nodes the filter keeps: the query built with ``temporal_filter("n", label)``."""
    k = KINDS[kind]
    query = f"{k.match} WHERE {temporal_filter('n', k.label)} RETURN {k.tag} AS key"
    return {r["key"].removeprefix(k.prefix) for r in store.run(query, constraint_params(constraints))}


def stored_spans(store: Store, kind: str) -> dict[str, TimeSpan]:
    """Each tag's interval as the graph holds it, read from the label's ``INTERVALS`` properties."""
    k = KINDS[kind]
    iv = INTERVALS[k.label]
    rows = store.run(f"{k.match} RETURN {k.tag} AS key, n.{iv.start} AS start, n.{iv.end} AS end")
    return {
        r["key"].removeprefix(k.prefix): TimeSpan(
            r["start"].to_native() if r["start"] is not None else None,
            r["end"].to_native() if r["end"] is not None else None,
        )
        for r in rows
    }


c = TemporalConstraint
DURING, BEFORE, AFTER = TemporalRelation.DURING, TemporalRelation.BEFORE, TemporalRelation.AFTER

# (constraints, the tags kept) over all eight intervals; a kind keeps the intersection with the tags it has.
CASES: list[tuple[tuple[TemporalConstraint, ...], frozenset[str]]] = [
    # ---- the original table: inside / outside, coarse facts against finer constraints
    # in May 2014: everything overlapping May (day inside, the month, the year) and the timeless; not the day before
    ((c.in_period("2014-05"),), frozenset("dmyn")),
    # on 2014-05-13: the day, the coarser intervals that contain it, the timeless
    ((c.in_period("2014-05-13"),), frozenset("dmyn")),
    # before May 2014: ends before 2014-05-01 (the day before, 2004..2005, until 2005); never the timeless
    ((c.before("2014-05"),), frozenset("bwu")),
    # before 2014-05-13: the month (ends 05-31) and the day itself do not end before it
    ((c.before("2014-05-13"),), frozenset("bwu")),
    # after May 2014: starts after 2014-05-31: only "since June"
    ((c.after("2014-05"),), frozenset("o")),
    # after 2005: starts in 2006 or later; an open start never does
    ((c.after("2005"),), frozenset("dmyob")),
    # between 2005 and 2006: 2004..2005 and "until 2005" overlap it, and the timeless
    ((c.between("2005", "2006"),), frozenset("wun")),
    # during 2015: only the open end still holds, and the timeless
    ((c.in_period("2015"),), frozenset("on")),
    # ---- boundaries: the day before / the first day / the last day of May, and o's first day
    ((c.in_period("2014-04-30"),), frozenset("byn")),
    ((c.in_period("2014-05-01"),), frozenset("myn")),
    ((c.in_period("2014-05-31"),), frozenset("myn")),
    ((c.before("2014-05-01"),), frozenset("bwu")),  # b ends 04-30 < 05-01; m ends 05-31
    ((c.before("2014-04-30"),), frozenset("wu")),  # b ends on the day itself: not before it
    ((c.after("2014-04-30"),), frozenset("dmo")),  # b starts on the day itself: not after it
    ((c.after("2014-05-31"),), frozenset("o")),  # o starts 06-01; the month ends on the day itself
    ((c.before("2014-06-01"),), frozenset("dmbwu")),  # o starts on it and never ends; y ends 12-31
    ((c.in_period("2014-06-01"),), frozenset("oyn")),
    ((c.in_period("2005-12-31"),), frozenset("wun")),  # the last day of w and u
    ((c.in_period("2006-01-01"),), frozenset("n")),  # the day after it
    # ---- open-ended items against far periods, and constraints with an open end
    ((c.in_period("2030"),), frozenset("on")),
    ((c.in_period("1990"),), frozenset("un")),
    ((c.before("2100"),), frozenset("dmywbu")),  # every item with a known end
    ((c.after("1900"),), frozenset("dmywob")),  # every item with a known start
    ((TemporalConstraint(DURING, TimeSpan.between("2014-06", None)),), frozenset("oyn")),  # June 2014 on
    ((TemporalConstraint(DURING, TimeSpan.between(None, "2004")),), frozenset("wun")),  # up to 2004
    ((TemporalConstraint(BEFORE, TimeSpan.between(None, "2014")),), frozenset()),  # before an open start: never
    ((TemporalConstraint(AFTER, TimeSpan.between("2005", None)),), frozenset()),  # after an open end: never
    ((TemporalConstraint(AFTER, TimeSpan.between(None, "2005")),), frozenset("dmyob")),  # after its end 2005-12-31
    # ---- several constraints at once: all must hold
    ((c.after("2005"), c.before("2014-05")), frozenset("b")),
    ((c.in_period("2014"), c.before("2014-05-13")), frozenset("b")),
    ((c.in_period("2014-05"), c.in_period("2014-05-13")), frozenset("dmyn")),
    ((c.after("2014-04-30"), c.before("2014-06-01")), frozenset("dm")),
    ((c.in_period("2015"), c.in_period("2004")), frozenset("n")),  # only the timeless overlaps both
    ((c.before("2004"), c.after("2015")), frozenset()),
    ((c.in_period("2014"), c.after("2014-05-31"), c.in_period("2030")), frozenset("o")),
]


def case_id(constraints: Sequence[TemporalConstraint]) -> str:
    return " & ".join(x.describe() for x in constraints)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_ingestion_stored_the_intervals_of_the_table(graph: Store, kind: str) -> None:
    spans = stored_spans(graph, kind)
    assert {tag: (s.start, s.end) for tag, s in spans.items()} == {t: SPANS[t] for t in KINDS[kind].tags}


def test_fact_time_qualifiers_are_consumed_into_the_validity(graph: Store) -> None:
    rows = graph.run(
        "MATCH (n:Event {source: 'facts'})-[:SUBJECT]->(s) OPTIONAL MATCH (n)-[q:QUALIFIER]->() "
        "RETURN s.key AS key, n.granularity AS g, collect(q.predicate) AS qualifiers"
    )
    got = {r["key"]: (r["g"], sorted(r["qualifiers"])) for r in rows}
    # start/end/point-in-time became valid_from/valid_to (and the granularity); only the others stayed qualifiers
    assert got == {
        "fact_d": ("day", []),
        "fact_m": ("month", []),
        "fact_y": ("year", []),
        "fact_w": ("year", ["electoral district"]),
        "fact_o": ("day", []),
        "fact_b": ("day", []),
        "fact_u": ("year", []),
        "fact_n": ("year", ["series ordinal"]),
    }


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize(("constraints", "expected"), CASES, ids=[case_id(cs) for cs, _ in CASES])
def test_filter_in_cypher_and_admits_agree(
    graph: Store, kind: str, constraints: tuple[TemporalConstraint, ...], expected: frozenset[str]
) -> None:
    want = expected & KINDS[kind].tags
    assert matching(graph, kind, constraints) == want
    spans = stored_spans(graph, kind)
    assert {tag for tag, span in spans.items() if all(x.admits(span) for x in constraints)} == want


@pytest.mark.parametrize(("constraints", "expected"), CASES, ids=[case_id(cs) for cs, _ in CASES])
def test_fact_reads_use_the_same_filter(
    graph: Store, constraints: tuple[TemporalConstraint, ...], expected: frozenset[str]
) -> None:
    """The symbolic reader's bounded read of facts (by their shared object) keeps exactly the same facts."""
    items = FactReads(graph).facts(None, "Q_office", None, list(constraints))
    assert {e.subject.removeprefix("fact_") for e in items} == expected
    for e in items:  # and each item's span is the stored interval
        assert (e.span.start, e.span.end) == SPANS[e.subject.removeprefix("fact_")]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_no_constraint_admits_all(graph: Store, kind: str) -> None:
    assert matching(graph, kind, []) == KINDS[kind].tags
    assert constraint_params([None]) == {"tcs": [], "as_of_record": None}


def test_parameter_name_and_identifiers(graph: Store) -> None:
    query = f"MATCH (item:Passage) WHERE {temporal_filter('item', 'Passage', param='when')} RETURN item.key AS key"
    rows = graph.run(query, constraint_params([c.after("2014-05")], param="when"))
    assert [r["key"] for r in rows] == ["passage_o"]
    with pytest.raises(ValueError, match="no interval properties"):
        temporal_filter("n", "Document")
    with pytest.raises(ValueError, match="not a plain Cypher identifier"):
        temporal_filter("n) DETACH DELETE n //", "Event")
    with pytest.raises(ValueError, match="not a plain Cypher identifier"):
        temporal_filter("n", "Event", param="tcs OR true")
