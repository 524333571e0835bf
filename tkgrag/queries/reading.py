"""Bounded reads around linked entities, used by question grounding (anchor events) and the symbolic reader (the
facts "first", "last" and "nearest before" must compare). They never write.

Every query starts from a linked entity (``Entity.key`` is unique-indexed), so it touches that entity's events only;
``$relations`` (a list, or null for any) and the temporal filter ``$tcs`` (``queries.temporal_filter``) narrow them,
and ``$limit`` (a few thousand) bounds the rows. Rows come in time order from the end the question cares about
(``$newest_first``: "last", "latest before"), so the limit never cuts the facts that decide the answer. Rows are item
rows (``queries.retrieval.ITEM_RETURN``) with score 1.0: facts read from the graph are certain, not ranked.
"""

from tkgrag.queries.retrieval import ITEM_RETURN, item_return
from tkgrag.queries.temporal_filter import record_filter, temporal_filter

_FILTER = "($relations IS NULL OR n.relation IN $relations) AND " + temporal_filter("n", "Event")

_READ_RETURN = (
    "WITH n, 1.0 AS score"
    + ITEM_RETURN["Event"]
    + """
ORDER BY CASE WHEN $newest_first THEN valid_to END DESC,
         CASE WHEN $newest_first THEN null ELSE valid_from END ASC,
         key
LIMIT $limit
"""
)

# Facts with $subject as subject (any object, literals included).
FACTS_BY_SUBJECT = f"""
MATCH (:Entity {{key: $subject}})<-[:SUBJECT]-(n:Event)
WHERE {_FILTER}
{_READ_RETURN}"""

# Facts with $object as object.
FACTS_BY_OBJECT = f"""
MATCH (:Entity {{key: $object}})<-[:OBJECT]-(n:Event)
WHERE {_FILTER}
{_READ_RETURN}"""

# Facts joining $subject to $object.
FACTS_BY_PAIR = f"""
MATCH (:Entity {{key: $subject}})<-[:SUBJECT]-(n:Event)-[:OBJECT]->(:Entity {{key: $object}})
WHERE {_FILTER}
{_READ_RETURN}"""

# An entity's events ranked by cosine to $qvec, the top $k: finds an anchor event when its relation could not be
# matched ("before X became president"). Bounded by the entity's degree.
ENTITY_EVENTS_BY_SIMILARITY = (
    """
MATCH (:Entity {key: $entity})<-[:SUBJECT|OBJECT]-(n:Event)
WHERE n.embedding IS NOT NULL AND """
    + record_filter("n")
    + """
WITH DISTINCT n
WITH n, vector.similarity.cosine(n.embedding, $qvec) AS score
"""
    + item_return("Event")
)
