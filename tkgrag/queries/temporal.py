"""Interval queries over Event validity that run on the range indexes ``event_valid_from`` / ``event_valid_to``.

Events hold closed intervals ``[valid_from, valid_to]`` of Neo4j dates; a month-granular fact is the whole month,
so "overlaps 2014-05-13" matches it. Parameters are Neo4j dates (Python ``datetime.date``): ``$start`` / ``$end``
is the query period, closed. Open ends are null and mean -inf/+inf: a range index holds no nulls, so each query
handles them in a UNION branch that seeks on the other bound (every branch starts with NodeIndexSeekByRange, checked
by tests/integration/test_ingest_temporal.py). Facts with no time at all (both ends null) are not returned by
time-filtered queries. ``$relation`` null = any relation; ``$limit`` bounds the rows.

Record time ("what the graph knew"): ``ingested_at`` is set once, when a node is first written; ``$as_of`` (a
datetime) keeps only facts known by then (null = now).
"""

from __future__ import annotations

# Facts whose validity overlaps [$start, $end]: valid_from <= $end AND valid_to >= $start (open ends included).
EVENTS_OVERLAPPING = """
CALL () {
  MATCH (e:Event) WHERE e.valid_from <= $end AND e.valid_to >= $start RETURN e
  UNION
  MATCH (e:Event) WHERE e.valid_from <= $end AND e.valid_to IS NULL RETURN e
  UNION
  MATCH (e:Event) WHERE e.valid_to >= $start AND e.valid_from IS NULL RETURN e
}
WITH e
WHERE ($relation IS NULL OR e.relation = $relation) AND ($as_of IS NULL OR e.ingested_at <= $as_of)
RETURN e.key AS key, e.text AS text, e.relation AS relation, e.valid_from AS valid_from, e.valid_to AS valid_to,
       e.granularity AS granularity
ORDER BY valid_from, key
LIMIT $limit
"""

# Facts entirely inside [$start, $end] (the "during" relation).
EVENTS_DURING = """
MATCH (e:Event)
WHERE e.valid_from >= $start AND e.valid_from <= $end AND e.valid_to <= $end
  AND ($relation IS NULL OR e.relation = $relation) AND ($as_of IS NULL OR e.ingested_at <= $as_of)
RETURN e.key AS key, e.text AS text, e.relation AS relation, e.valid_from AS valid_from, e.valid_to AS valid_to,
       e.granularity AS granularity
ORDER BY valid_from, key
LIMIT $limit
"""

# Facts that ended before $date (strictly), most recent first: "the last ... before".
EVENTS_BEFORE = """
MATCH (e:Event)
WHERE e.valid_to < $date
  AND ($relation IS NULL OR e.relation = $relation) AND ($as_of IS NULL OR e.ingested_at <= $as_of)
RETURN e.key AS key, e.text AS text, e.relation AS relation, e.valid_from AS valid_from, e.valid_to AS valid_to,
       e.granularity AS granularity
ORDER BY e.valid_to DESC, e.key
LIMIT $limit
"""

# Facts that started after $date (strictly), earliest first: "the first ... after".
EVENTS_AFTER = """
MATCH (e:Event)
WHERE e.valid_from > $date
  AND ($relation IS NULL OR e.relation = $relation) AND ($as_of IS NULL OR e.ingested_at <= $as_of)
RETURN e.key AS key, e.text AS text, e.relation AS relation, e.valid_from AS valid_from, e.valid_to AS valid_to,
       e.granularity AS granularity
ORDER BY e.valid_from ASC, e.key
LIMIT $limit
"""

# Facts valid on one day $date (point query), open ends included.
EVENTS_VALID_ON = """
CALL () {
  MATCH (e:Event) WHERE e.valid_from <= $date AND e.valid_to >= $date RETURN e
  UNION
  MATCH (e:Event) WHERE e.valid_from <= $date AND e.valid_to IS NULL RETURN e
  UNION
  MATCH (e:Event) WHERE e.valid_to >= $date AND e.valid_from IS NULL RETURN e
}
WITH e
WHERE ($relation IS NULL OR e.relation = $relation) AND ($as_of IS NULL OR e.ingested_at <= $as_of)
RETURN e.key AS key, e.text AS text, e.relation AS relation, e.valid_from AS valid_from, e.valid_to AS valid_to,
       e.granularity AS granularity
ORDER BY valid_from, key
LIMIT $limit
"""

# The facts around an entity that overlap [$start, $end]: expansion from the entity, interval filter on the events
# (an entity's events are few; the index is not needed there).
ENTITY_EVENTS_OVERLAPPING = """
MATCH (x:Entity {key: $entity})<-[:SUBJECT|OBJECT]-(e:Event)
WHERE (e.valid_from IS NULL OR e.valid_from <= $end) AND (e.valid_to IS NULL OR e.valid_to >= $start)
  AND (e.valid_from IS NOT NULL OR e.valid_to IS NOT NULL)
  AND ($relation IS NULL OR e.relation = $relation) AND ($as_of IS NULL OR e.ingested_at <= $as_of)
MATCH (e)-[:SUBJECT]->(s:Entity)
OPTIONAL MATCH (e)-[:OBJECT]->(o:Entity)
RETURN e.key AS key, e.text AS text, s.key AS subject, e.relation AS relation,
       coalesce(o.key, e.object_value) AS object, e.valid_from AS valid_from, e.valid_to AS valid_to,
       e.granularity AS granularity
ORDER BY valid_from, key
LIMIT $limit
"""

# What the graph knew as of $as_of: counts of facts ingested by then, per source.
KNOWN_AS_OF = """
MATCH (e:Event)
WHERE e.ingested_at <= $as_of
RETURN e.source AS source, count(e) AS events
ORDER BY source
"""
