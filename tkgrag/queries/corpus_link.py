"""Cypher of ``tkgrag corpus link``: mention edges between chunks found through the ``chunk_text`` full-text index.

A chunk ``c`` mentions document ``D`` when the Lucene phrase query of ``D``'s title matches ``c``'s text (standard
analyzer: case and punctuation ignored) and ``c`` is not a chunk of ``D``; the edge is
``(c)-[:REFERENCES {kind: 'mentions'}]->(t)`` for every chunk ``t`` of ``D``. MERGE makes a re-run write nothing
new. A title matched by more than ``$max_hits`` chunks is too generic to be a reference and links nothing.
"""

from __future__ import annotations

FULLTEXT_INDEX = "chunk_text"

# Documents with their titles, in key order, paged.
DOCUMENT_TITLES = """
MATCH (d:Document)
WHERE d.key > $after
RETURN d.key AS key, coalesce(d.title, d.key) AS title
ORDER BY key LIMIT $limit
"""

AWAIT_FULLTEXT = "CALL db.awaitIndex('" + FULLTEXT_INDEX + "', 300)"

# One batch of titles: the chunks matching each title's phrase query (at most $max_hits + 1, to tell a generic
# title), then the edges to the titled document's chunks.
LINK_MENTIONS = (
    """
UNWIND $titles AS t
CALL (t) {
  CALL db.index.fulltext.queryNodes('"""
    + FULLTEXT_INDEX
    + """', t.query, {limit: $max_hits + 1}) YIELD node
  RETURN collect(node) AS hits
}
WITH t, hits, size(hits) > $max_hits AS generic
CALL (t, hits, generic) {
  WITH t, hits WHERE NOT generic
  MATCH (d:Document {key: t.key})-[:HAS_CHUNK]->(target:Chunk)
  UNWIND hits AS c
  WITH d, target, c WHERE NOT (d)-[:HAS_CHUNK]->(c)
  OPTIONAL MATCH (c)-[old:REFERENCES {kind: 'mentions'}]->(target)
  WITH c, target, old IS NULL AS is_new
  MERGE (c)-[e:REFERENCES {kind: 'mentions'}]->(target)
    ON CREATE SET e.created_by = 'corpus link', e.ingested_at = $now
  RETURN count(*) AS links, sum(CASE WHEN is_new THEN 1 ELSE 0 END) AS created
}
RETURN sum(CASE WHEN generic THEN 1 ELSE 0 END) AS generic, sum(links) AS links, sum(created) AS created,
       sum(CASE WHEN links > 0 THEN 1 ELSE 0 END) AS linked_titles
"""
)

LINK_STATS = """
CALL () { MATCH (c:Chunk) RETURN count(c) AS chunks }
CALL () { MATCH (:Chunk)-[r:REFERENCES]->(:Chunk) RETURN count(r) AS edges }
CALL () { MATCH (:Chunk)-[r:REFERENCES {kind: 'mentions'}]->(:Chunk) RETURN count(r) AS mentions }
CALL () { MATCH (c:Chunk) WHERE NOT (c)-[:REFERENCES]-(:Chunk) RETURN count(c) AS isolated }
RETURN chunks, edges, mentions, isolated
"""

DOCUMENT_COUNT = "MATCH (d:Document) RETURN count(d) AS documents"

# Each chunk's degree in the undirected chunk graph (link statistics).
CHUNK_DEGREES = "MATCH (c:Chunk) RETURN COUNT { (c)-[:REFERENCES]-(:Chunk) } AS degree"
