"""Bounded reads the symbolic reader makes around a grounded question (it never writes).

Every query starts from a linked entity (``Entity.key`` is unique-indexed), so it touches that entity's events only;
``$relations`` (a list, or null for any) and the fixed temporal clause ``TEMPORAL_FILTER`` ($tc_relation, $tc_start,
$tc_end) narrow them, and ``$limit`` (a few thousand) bounds the rows. Rows come in time order from the end the
question cares about (``$newest_first``: "last", "latest before"), so the limit never cuts the facts that decide the
answer. Rows have the ``EVIDENCE_RETURN`` shape (``retrievers.base.evidence_from_row``) with score 1.0: facts read
from the graph are certain, not ranked by similarity.
"""

from tkgrag.queries.retrieval import TEMPORAL_FILTER

_ORDER = """
ORDER BY CASE WHEN $newest_first THEN valid_to END DESC,
         CASE WHEN $newest_first THEN null ELSE valid_from END ASC,
         key
LIMIT $limit
"""

_RETURN = """
RETURN e.key AS key, e.text AS text, s.key AS subject, e.relation AS relation,
       coalesce(o.key, toString(e.object_value), '') AS object, e.valid_from AS valid_from, e.valid_to AS valid_to,
       e.granularity AS granularity, e.source AS source, 1.0 AS score
"""

# Facts with $subject as subject (any object, literals included).
FACTS_BY_SUBJECT = (
    """
MATCH (s:Entity {key: $subject})<-[:SUBJECT]-(e:Event)
WHERE ($relations IS NULL OR e.relation IN $relations) AND """
    + TEMPORAL_FILTER
    + """
OPTIONAL MATCH (e)-[:OBJECT]->(o:Entity)"""
    + _RETURN
    + _ORDER
)

# Facts with $object as object.
FACTS_BY_OBJECT = (
    """
MATCH (o:Entity {key: $object})<-[:OBJECT]-(e:Event)
WHERE ($relations IS NULL OR e.relation IN $relations) AND """
    + TEMPORAL_FILTER
    + """
MATCH (e)-[:SUBJECT]->(s:Entity)"""
    + _RETURN
    + _ORDER
)

# Facts joining $subject to $object.
FACTS_BY_PAIR = (
    """
MATCH (s:Entity {key: $subject})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {key: $object})
WHERE ($relations IS NULL OR e.relation IN $relations) AND """
    + TEMPORAL_FILTER
    + _RETURN
    + _ORDER
)

# An entity's events ranked by cosine to $qvec: finds an anchor event when its relation could not be matched
# ("before X became president"). Bounded by the entity's degree.
ENTITY_EVENTS_BY_SIMILARITY = """
MATCH (x:Entity {key: $entity})<-[:SUBJECT|OBJECT]-(e:Event)
WHERE e.embedding IS NOT NULL
WITH DISTINCT e, vector.similarity.cosine(e.embedding, $qvec) AS score
ORDER BY score DESC, e.key
LIMIT $limit
MATCH (e)-[:SUBJECT]->(s:Entity)
OPTIONAL MATCH (e)-[:OBJECT]->(o:Entity)
RETURN e.key AS key, e.text AS text, s.key AS subject, e.relation AS relation,
       coalesce(o.key, toString(e.object_value), '') AS object, e.valid_from AS valid_from, e.valid_to AS valid_to,
       e.granularity AS granularity, e.source AS source, score
ORDER BY score DESC, key
"""
