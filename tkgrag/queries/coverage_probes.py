"""Exact reads that check a benchmark's gold against the store (``benchmarks/classify_multitq_misses.py``): does the
graph hold an event joining a gold answer to a question's entity, and with which relation and time? Entities are
matched by ``Entity.name`` (MultiTQ names them so). Read only; bounded by ``$limit``."""

# Events joining an entity named in $a to an entity named in $b, either role. `a_role` is the role of the $a entity.
EVENTS_BETWEEN_NAMES = """
MATCH (a:Entity)<-[ra:SUBJECT|OBJECT]-(e:Event)-[rb:SUBJECT|OBJECT]->(b:Entity)
WHERE a.name IN $a AND b.name IN $b AND a <> b AND type(ra) <> type(rb)
RETURN a.name AS a, toLower(type(ra)) AS a_role, b.name AS b, e.relation AS relation,
       toString(e.valid_from) AS valid_from, e.source AS source
ORDER BY valid_from, relation, a, b
LIMIT $limit
"""

# Events of an entity named in $names (either role), with the other entity's name.
EVENTS_OF_NAMES = """
MATCH (a:Entity)<-[ra:SUBJECT|OBJECT]-(e:Event)
WHERE a.name IN $names AND ($relation IS NULL OR e.relation = $relation)
OPTIONAL MATCH (e)-[rb:SUBJECT|OBJECT]->(b:Entity) WHERE b <> a
RETURN a.name AS a, toLower(type(ra)) AS a_role, b.name AS b, e.relation AS relation,
       toString(e.valid_from) AS valid_from, e.source AS source
ORDER BY valid_from
LIMIT $limit
"""
