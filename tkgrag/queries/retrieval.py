"""Queries retrievers share: ANN search on the event vector index, temporal constraint filters, evidence rows.

The temporal filter is one fixed clause driven by parameters ($tc_relation 'before' | 'after' | 'during' | null,
$tc_start, $tc_end as dates), interval-aware on closed [valid_from, valid_to] with open ends (null) allowed:
  before: the fact ends before the constraint period starts      valid_to   <  tc_start
  after:  the fact starts after the constraint period ends       valid_from >  tc_end
  during: the fact overlaps the constraint period                valid_from <= tc_end AND valid_to >= tc_start
"""

TEMPORAL_FILTER = """
($tc_relation IS NULL
 OR ($tc_relation = 'before' AND e.valid_to < $tc_start)
 OR ($tc_relation = 'after' AND e.valid_from > $tc_end)
 OR ($tc_relation = 'during'
     AND ($tc_end IS NULL OR e.valid_from IS NULL OR e.valid_from <= $tc_end)
     AND ($tc_start IS NULL OR e.valid_to IS NULL OR e.valid_to >= $tc_start)))
"""

EVIDENCE_RETURN = """
OPTIONAL MATCH (e)-[:SUBJECT]->(s:Entity)
OPTIONAL MATCH (e)-[:OBJECT]->(o:Entity)
RETURN e.key AS key, e.text AS text, coalesce(s.key, '') AS subject, e.relation AS relation,
       coalesce(o.key, toString(e.object_value), '') AS object, e.valid_from AS valid_from, e.valid_to AS valid_to,
       e.granularity AS granularity, e.source AS source, score
ORDER BY score DESC, key ASC
LIMIT $k
"""

# ANN over the event vector index, oversampled by the caller ($n >= $k) so a temporal filter still leaves k.
VECTOR_EVENTS = (
    """
CALL db.index.vector.queryNodes('event_embedding', $n, $qvec) YIELD node AS e, score
WHERE """
    + TEMPORAL_FILTER
    + """
WITH e, score"""
    + EVIDENCE_RETURN
)

# Exact cosine over a given candidate set (STAR-RAG's supports of the top rules): the ANN index cannot be restricted
# to a candidate set, and the set is small (supports of K2 rules).
RANK_CANDIDATES = (
    """
UNWIND $keys AS key
MATCH (e:Event {key: key})
WHERE e.embedding IS NOT NULL AND """
    + TEMPORAL_FILTER
    + """
WITH e, vector.similarity.cosine(e.embedding, $qvec) AS score"""
    + EVIDENCE_RETURN
)

# Events whose time meets the constraint, found through the range indexes (NodeIndexSeekByRange on valid_from).
EVENTS_IN_RANGE = """
MATCH (e:Event)
WHERE e.valid_from >= $from AND e.valid_from <= $to
RETURN e.key AS key
ORDER BY e.valid_from, e.key
LIMIT $limit
"""

EVENT_SPAN = (
    "MATCH (e:Event {key: $key}) "
    "RETURN e.valid_from AS valid_from, e.valid_to AS valid_to, e.granularity AS granularity"
)
