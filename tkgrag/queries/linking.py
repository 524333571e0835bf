"""Entity and relation linking: what ``tkgrag.question.graph_linker.GraphLinker`` and the grounding step ask the graph.

Entities are found by exact key (``Citizen_(India)``), then through the full-text index ``entity_names`` on
``[name, aliases_text]`` with a Lucene query the linker builds from ESCAPED mention words (``$query``). Relation names
come from the range index on ``Event.relation``. Role counts tell which side of a relation an entity usually is on
("who criticized Iran": Iran is criticized far more often than it criticizes).
"""

# Entities whose key is one of $keys (exact, index-backed): the "exact normalised name" step.
ENTITIES_BY_KEY = """
UNWIND $keys AS key
MATCH (x:Entity {key: key})
RETURN x.key AS key, x.name AS name, coalesce(x.aliases, []) AS aliases
"""

# Full-text candidates for one Lucene query string ($query is built from escaped words, never raw user text).
ENTITY_FULLTEXT = """
CALL db.index.fulltext.queryNodes('entity_names', $query, {limit: $limit}) YIELD node, score
RETURN node.key AS key, node.name AS name, coalesce(node.aliases, []) AS aliases, score
ORDER BY score DESC, key
"""

# The distinct relation names events carry (the range index event_relation makes this an index scan).
DISTINCT_RELATIONS = """
MATCH (e:Event) WHERE e.relation IS NOT NULL
RETURN DISTINCT e.relation AS relation
ORDER BY relation
"""

# How often each entity is the subject / the object of each relation in $relations ($relations null = any).
ROLE_COUNTS = """
UNWIND $keys AS key
MATCH (x:Entity {key: key})
CALL (x) {
  MATCH (x)<-[:SUBJECT]-(e:Event) WHERE $relations IS NULL OR e.relation IN $relations
  RETURN e.relation AS relation, 'subject' AS role, count(*) AS n
  UNION ALL
  MATCH (x)<-[:OBJECT]-(e:Event) WHERE $relations IS NULL OR e.relation IN $relations
  RETURN e.relation AS relation, 'object' AS role, count(*) AS n
}
RETURN key, relation, role, n
"""

# For each sector mention of a question ($mentions: [{i, keys, role}], its exact names and its role): how many events
# of $relation each name has in that role. One round trip for all of a question's sector mentions.
SECTOR_ROLE_COUNTS = """
UNWIND $mentions AS m
UNWIND m.keys AS key
MATCH (x:Entity {key: key})
RETURN m.i AS i, key,
  CASE m.role
    WHEN 'subject' THEN COUNT { (x)<-[:SUBJECT]-(e:Event) WHERE e.relation = $relation
      AND (m.partner IS NULL OR EXISTS { (e)-[:OBJECT]->(:Entity {key: m.partner}) }) }
    WHEN 'object' THEN COUNT { (x)<-[:OBJECT]-(e:Event) WHERE e.relation = $relation
      AND (m.partner IS NULL OR EXISTS { (e)-[:SUBJECT]->(:Entity {key: m.partner}) }) }
    ELSE 0
  END AS n
"""

# How many events join $subject to $object, per relation in $relations: the graph's say on a two-entity question.
PAIR_COUNTS = """
MATCH (s:Entity {key: $subject})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {key: $object})
WHERE $relations IS NULL OR e.relation IN $relations
RETURN e.relation AS relation, count(*) AS n
"""

# What the graph's events are now, cheaply: their count (a count-store lookup) and the newest record time (the
# ``event_ingested_at`` index read backwards, one row). A store wiped and refilled with as many events, or a mapped
# sync that closes a version and writes its successor, keeps the count but not the newest record time.
EVENT_VERSION = """
CALL () { MATCH (e:Event) RETURN count(e) AS n }
CALL () {
  OPTIONAL MATCH (e:Event) WHERE e.ingested_at IS NOT NULL
  WITH e ORDER BY e.ingested_at DESC LIMIT 1
  RETURN toString(e.ingested_at) AS newest
}
RETURN n, newest
"""
