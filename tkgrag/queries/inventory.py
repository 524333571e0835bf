"""Read-only Cypher of ``tkgrag status`` and the ``auto`` planner: what the store holds per item kind, and which
kinds of items the question's linked entities take part in.

Every query only reads (``tkgrag.planning.inventory`` runs them with read routing). Only current versions count
(``recorded_to IS NULL``: a version a sync closed is history, not data a method searches).
"""

from __future__ import annotations

from tkgrag.queries.temporal_filter import temporal_filter

# Per kind: items, items with a vector, and what each kind's preparation steps leave behind. An Event node is a fact
# when it came from n-ary facts (a property id or qualifiers), as in ``queries.retrieval``.
STORE_COUNTS = """
CALL () {
  MATCH (n:Event) WHERE n.recorded_to IS NULL
  WITH n, n.relation_id IS NOT NULL OR EXISTS { (n)-[:QUALIFIER]->() } AS is_fact
  RETURN sum(CASE WHEN is_fact THEN 0 ELSE 1 END) AS events,
         sum(CASE WHEN is_fact THEN 1 ELSE 0 END) AS facts,
         count(n.embedding) AS events_embedded,
         count(n.embedding_ta) AS tks_vectors,
         max(n.ingested_at) AS newest_event
}
CALL () {
  MATCH (p:Passage) WHERE p.recorded_to IS NULL
  RETURN count(p) AS passages, count(p.embedding) AS passages_embedded,
         count(p) - count(p.sentence_count) AS passages_unsplit, max(p.ingested_at) AS newest_passage,
         count(p.title) - count(p.title_key) AS pages_unkeyed
}
CALL () { MATCH (s:Sentence) RETURN count(s) AS sentences, count(s.embedding) AS sentences_embedded }
CALL () {
  MATCH (c:Chunk)
  RETURN count(c) AS chunks, count(c.embedding) AS chunks_embedded
}
CALL () { MATCH (d:Document) RETURN count(d) AS documents, count(d.title) - count(d.title_key) AS documents_unkeyed }
CALL () { MATCH (:Chunk)-[r:REFERENCES]->(:Chunk) RETURN count(r) AS chunk_links }
CALL () { MATCH (:Chunk)-[r:REFERENCES {kind: 'mentions'}]->(:Chunk) RETURN count(r) AS chunk_mentions }
RETURN events, facts, events_embedded, tks_vectors, toString(newest_event) AS newest_event,
       passages, passages_embedded, passages_unsplit, toString(newest_passage) AS newest_passage,
       sentences, sentences_embedded, chunks, chunks_embedded, documents, chunk_links, chunk_mentions,
       pages_unkeyed, documents_unkeyed
"""

# The planner's cheap form (every ``ask`` of a fresh process pays it): label counts from the count store, facts by
# their property id or (without one) their qualifier edges, no vector counts (reading 90,730 vectors' presence costs
# ~2 s; ``STORE_COUNTS`` does it).
STORE_KINDS = """
CALL () { MATCH (n:Event) RETURN count(n) AS items }
CALL () { MATCH (n:Event) WHERE n.relation_id IS NOT NULL RETURN count(n) AS with_id }
CALL () { MATCH (n:Event)-[:QUALIFIER]->() WHERE n.relation_id IS NULL RETURN count(DISTINCT n) AS qualified }
CALL () { MATCH (p:Passage) RETURN count(p) AS passages }
CALL () { MATCH (p:Passage) WHERE p.sentence_count IS NULL RETURN count(p) AS passages_unsplit }
CALL () { MATCH (c:Chunk) RETURN count(c) AS chunks }
CALL () { MATCH (d:Document) RETURN count(d) AS documents }
CALL () { MATCH ()-[r:REFERENCES]->() RETURN count(r) AS chunk_links }
WITH *, with_id + qualified AS facts
RETURN items - facts AS events, facts, passages, passages_unsplit, chunks, documents, chunk_links
"""

# The rule graph's build record (``tkgrag rules build``), for "stale since".
RULE_GRAPH_BUILT = """
MATCH (m:RuleGraphMeta {key: 'star'})
RETURN toString(m.built_at) AS built_at, m.events_in_store AS events, m.newest_event_ingested_at AS newest
"""

# Events recorded after the newest event the rule graph was built from: how many, and the first one's record time.
EVENTS_SINCE = """
MATCH (e:Event) WHERE e.valid_from IS NOT NULL AND e.ingested_at > $since
RETURN count(e) AS n, toString(min(e.ingested_at)) AS first
"""

# When the TKS was last written (its encoder is read by ``retrievers.timer4.tks.tks_encoder``).
TKS_WRITTEN = "MATCH (m:TksMeta {key: 'tks'}) RETURN toString(m.updated_at) AS at"

# For the planner: of the items the linked entities take part in (at most $per_entity each, current versions), how
# many are events and how many facts.
# Only items whose time meets the times the question states ($tcs, the retrievers' temporal filter; an empty list
# admits every item): a person of 1990s passages who also acts in 2014 events is not a reason to read the events.
LINKED_ENTITY_KINDS = f"""
UNWIND $keys AS key
CALL (key) {{
  MATCH (:Entity {{key: key}})<-[:SUBJECT|OBJECT]-(n:Event)
  WHERE {temporal_filter("n", "Event")}
  WITH n LIMIT $per_entity
  RETURN sum(CASE WHEN n.relation_id IS NOT NULL OR EXISTS {{ (n)-[:QUALIFIER]->() }} THEN 1 ELSE 0 END) AS facts,
         count(n) AS items
}}
RETURN sum(items) - sum(facts) AS events, sum(facts) AS facts
"""

# Rule T of the ``auto`` planner: the stored pages (current passages) and chunk documents whose title key
# (``tkgrag.title_keys.title_key``, written at ingest and by ``tkgrag prepare``) is one of the question's candidate
# keys: a seek in the RANGE indexes ``passage_title_key`` / ``document_title_key`` (NodeIndexSeek), one read per
# question; an empty list reads nothing of that kind.
TITLES_BY_KEY = """
CALL () {
  MATCH (p:Passage) WHERE p.title_key IN $page_keys AND p.recorded_to IS NULL
  RETURN 'passage' AS kind, p.title_key AS key, p.title AS title
  UNION ALL
  MATCH (d:Document) WHERE d.title_key IN $document_keys
  RETURN 'chunk' AS kind, d.title_key AS key, d.title AS title
}
RETURN kind, key, min(title) AS title
"""

# Every stored title, as rule T read them into memory before the keys were stored (a full read of the labels): what
# ``bench_auto.py lookup`` compares the index with.
PAGE_TITLES = "MATCH (p:Passage) WHERE p.recorded_to IS NULL AND p.title IS NOT NULL RETURN DISTINCT p.title AS title"
DOCUMENT_TITLES = "MATCH (d:Document) WHERE d.title IS NOT NULL RETURN DISTINCT d.title AS title"

# Titles without a stored key (ingested before the keys were written): ``tkgrag status`` counts them (``STORE_COUNTS``)
# and ``tkgrag prepare`` fills them (``ingest.title_keys``), paging by the unique key.
TITLE_KEY_PAGE = """
MATCH (n:{label}) WHERE n.key > $after
WITH n ORDER BY n.key LIMIT $limit
RETURN n.key AS key, n.title AS title, n.title IS NOT NULL AND n.title_key IS NULL AS missing
"""
SET_TITLE_KEYS = """
UNWIND $rows AS row
MATCH (n:{label} {{key: row.key}})
SET n.title_key = row.title_key
RETURN count(n) AS written
"""
