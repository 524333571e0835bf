"""Writes of the non-TSV source formats: n-ary facts with qualifiers, corpus graphs, passages.

Each query writes one batch (``UNWIND $rows``) inside the pipeline's batch transaction and MERGEs on natural keys,
so a re-run writes nothing new. Each returns ``new`` (records that were not in the graph before) and ``total`` (rows
in the batch). ``ingested_at`` (``$now``, the batch's record time) and ``run_id`` are set only when a node is created:
they say when the graph first knew it; events, chunks and passages also get ``recorded_from`` (the same instant: the
start of their record time, ``queries.temporal_filter``; ``recorded_to`` stays null, current). Embeddings are not
written here: the pipeline stores them in the same transaction (``tkgrag.queries.ingest.SET_EMBEDDINGS``). The model
is described in ``cypher/README.md``.
"""

# An n-ary fact: the Event of the TKG model (same properties as TSV events) plus QUALIFIER edges.
# Entity-valued qualifiers point at Entity nodes; literal and time qualifiers at a Value node of their own
# (MERGEd through the event, so values are never shared between facts and "+0" does not become a hub).
# A literal object (a quantity like +11190) is the property object_value and has no OBJECT edge.
MERGE_FACTS = """
UNWIND $rows AS row
OPTIONAL MATCH (old:Event {key: row.key})
WITH row, old IS NULL AS is_new
MERGE (s:Entity {key: row.subject})
  ON CREATE SET s.name = row.subject_display, s.ingested_at = $now, s.run_id = $run_id
SET s.name = coalesce(row.subject_label, s.name)
MERGE (ev:Event {key: row.key})
  ON CREATE SET ev.relation = row.relation, ev.relation_id = row.relation_id, ev.text = row.text,
    ev.valid_from = row.valid_from, ev.valid_to = row.valid_to, ev.granularity = row.granularity,
    ev.object_value = row.object_value, ev.source = row.source, ev.fact_key = row.fact_key,
    ev.ingested_at = $now, ev.run_id = $run_id, ev.recorded_from = $now
MERGE (ev)-[:SUBJECT]->(s)
WITH row, ev, is_new
CALL (row, ev) {
  WITH row, ev WHERE row.object_value IS NULL
  MERGE (o:Entity {key: row.object})
    ON CREATE SET o.name = row.object_display, o.ingested_at = $now, o.run_id = $run_id
  SET o.name = coalesce(row.object_label, o.name)
  MERGE (ev)-[:OBJECT]->(o)
}
CALL (row, ev) {
  UNWIND row.entity_qualifiers AS q
  MERGE (t:Entity {key: q.value})
    ON CREATE SET t.name = q.display, t.ingested_at = $now, t.run_id = $run_id
  SET t.name = coalesce(q.value_label, t.name)
  MERGE (ev)-[r:QUALIFIER {predicate: q.predicate}]->(t)
    ON CREATE SET r.predicate_id = q.predicate_id
}
CALL (row, ev) {
  UNWIND row.value_qualifiers AS q
  MERGE (ev)-[r:QUALIFIER {predicate: q.predicate}]->(v:Value {value: q.value})
    ON CREATE SET r.predicate_id = q.predicate_id, v.datatype = q.datatype, v.valid_from = q.valid_from,
      v.valid_to = q.valid_to, v.granularity = q.granularity, v.ingested_at = $now, v.run_id = $run_id
}
RETURN sum(CASE WHEN is_new THEN 1 ELSE 0 END) AS new, count(*) AS total
"""

MERGE_DOCUMENTS = """
UNWIND $rows AS row
OPTIONAL MATCH (old:Document {key: row.key})
WITH row, old IS NULL AS is_new
MERGE (d:Document {key: row.key})
  ON CREATE SET d.title = row.title, d.title_key = row.title_key, d.source = row.source, d.ingested_at = $now,
    d.run_id = $run_id
SET d += row.properties
RETURN sum(CASE WHEN is_new THEN 1 ELSE 0 END) AS new, count(*) AS total
"""

MERGE_CHUNKS = """
UNWIND $rows AS row
OPTIONAL MATCH (old:Chunk {key: row.key})
WITH row, old IS NULL AS is_new
MERGE (d:Document {key: row.document_key})
  ON CREATE SET d.title = coalesce(row.title, row.document_key), d.title_key = row.document_title_key,
    d.source = row.source, d.ingested_at = $now, d.run_id = $run_id
MERGE (c:Chunk {key: row.key})
  ON CREATE SET c.text = row.text, c.title = row.title, c.position = row.position, c.source = row.source,
    c.ingested_at = $now, c.run_id = $run_id, c.recorded_from = $now
MERGE (d)-[:HAS_CHUNK]->(c)
RETURN sum(CASE WHEN is_new THEN 1 ELSE 0 END) AS new, count(*) AS total
"""

# An endpoint names a chunk, or a document (standing for its chunk at position 0). Edges whose endpoints are not in
# the graph are not written; their keys come back in ``missing`` so the writer can report them as rejects.
MERGE_REFERENCES = """
UNWIND $rows AS row
CALL (row) {
  OPTIONAL MATCH (c:Chunk {key: row.source_key})
  OPTIONAL MATCH (:Document {key: row.source_key})-[:HAS_CHUNK]->(lead:Chunk {position: 0})
  RETURN coalesce(c, lead) AS a
}
CALL (row) {
  OPTIONAL MATCH (c:Chunk {key: row.target_key})
  OPTIONAL MATCH (:Document {key: row.target_key})-[:HAS_CHUNK]->(lead:Chunk {position: 0})
  RETURN coalesce(c, lead) AS b
}
CALL (row, a, b) {
  WITH row, a, b WHERE a IS NOT NULL AND b IS NOT NULL
  OPTIONAL MATCH (a)-[old:REFERENCES {kind: row.kind}]->(b)
  WITH row, a, b, old IS NULL AS is_new
  MERGE (a)-[e:REFERENCES {kind: row.kind}]->(b)
    ON CREATE SET e.run_id = $run_id, e.ingested_at = $now
  RETURN is_new
  UNION
  WITH row, a, b WHERE a IS NULL OR b IS NULL
  RETURN null AS is_new
}
RETURN sum(CASE WHEN is_new THEN 1 ELSE 0 END) AS new, count(*) AS total,
       [r IN collect(CASE WHEN is_new IS NULL THEN row.line END) WHERE r IS NOT NULL] AS missing
"""

MERGE_PASSAGES = """
UNWIND $rows AS row
OPTIONAL MATCH (old:Passage {key: row.key})
WITH row, old IS NULL AS is_new
MERGE (p:Passage {key: row.key})
  ON CREATE SET p.title = row.title, p.title_key = row.title_key, p.text = row.text, p.dates = row.dates,
    p.date_min = row.date_min, p.date_max = row.date_max, p.source = row.source,
    p.ingested_at = $now, p.run_id = $run_id, p.recorded_from = $now
RETURN sum(CASE WHEN is_new THEN 1 ELSE 0 END) AS new, count(*) AS total
"""

# ---- reads used by tests and the CLI summary ------------------------------------------------------------------

FACT_WITH_QUALIFIERS = """
MATCH (s:Entity)<-[:SUBJECT]-(ev:Event {key: $key})
OPTIONAL MATCH (ev)-[:OBJECT]->(o:Entity)
OPTIONAL MATCH (ev)-[q:QUALIFIER]->(v)
RETURN s.key AS subject, ev.relation AS relation, coalesce(o.key, ev.object_value) AS object,
       ev.valid_from AS valid_from, ev.valid_to AS valid_to, ev.granularity AS granularity, ev.text AS text,
       collect(CASE WHEN v IS NULL THEN null ELSE {predicate: q.predicate, predicate_id: q.predicate_id,
               value: coalesce(v.key, v.value), entity: v:Entity, datatype: v.datatype} END) AS qualifiers
"""

FACTS_BY_QUALIFIER = """
MATCH (ev:Event)-[q:QUALIFIER]->(v)
WHERE (q.predicate = $predicate OR q.predicate_id = $predicate) AND (v.key = $value OR v.value = $value)
MATCH (ev)-[:SUBJECT]->(s:Entity)
OPTIONAL MATCH (ev)-[:OBJECT]->(o:Entity)
RETURN ev.key AS key, s.key AS subject, ev.relation AS relation, coalesce(o.key, ev.object_value) AS object
ORDER BY key
"""

CHUNK_REFERENCES = """
MATCH (c:Chunk {key: $key})-[r:REFERENCES]->(t:Chunk)<-[:HAS_CHUNK]-(d:Document)
RETURN t.key AS key, d.key AS document, r.kind AS kind ORDER BY key
"""

COUNT_FORMAT_GRAPH = """
CALL () { MATCH (n:Event) RETURN count(n) AS events }
CALL () { MATCH ()-[r:QUALIFIER]->() RETURN count(r) AS qualifiers }
CALL () { MATCH (n:Value) RETURN count(n) AS values }
CALL () { MATCH (n:Entity) RETURN count(n) AS entities }
CALL () { MATCH (n:Document) RETURN count(n) AS documents }
CALL () { MATCH (n:Chunk) RETURN count(n) AS chunks }
CALL () { MATCH ()-[r:HAS_CHUNK]->() RETURN count(r) AS has_chunk }
CALL () { MATCH ()-[r:REFERENCES]->() RETURN count(r) AS references }
CALL () { MATCH (n:Passage) RETURN count(n) AS passages }
RETURN events, qualifiers, values, entities, documents, chunks, has_chunk, references, passages
"""

# Edge endpoints that the corpus file being ingested does not define: a chunk key, or a document already in the
# graph (standing for its chunk at position 0). ``chunk`` is null when the name is in the graph as neither.
RESOLVE_ENDPOINTS = """
UNWIND $names AS name
OPTIONAL MATCH (c:Chunk {key: name})
OPTIONAL MATCH (:Document {key: name})-[:HAS_CHUNK]->(lead:Chunk {position: 0})
RETURN name, coalesce(c.key, lead.key) AS chunk
"""
