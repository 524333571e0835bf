"""Cypher of ingestion: batched ``UNWIND $rows`` writes that ``MERGE`` on natural keys, and the IngestRun ledger.

Every write is idempotent: a re-run MERGEs onto the nodes it made before and creates nothing. ``ON CREATE SET`` only,
so ``ingested_at`` / ``run_id`` keep the record time of the *first* ingestion, and ``recorded_from`` (the start of an
item's record time; ``recorded_to`` null = current) is the same instant (``queries.temporal_filter``).
Labels are fixed here; per-label variants are separate constants chosen from a dict keyed by a validated label.
"""

from __future__ import annotations

# ---- events (s, r, o, [valid_from, valid_to]) -----------------------------------------------------------------
# Rows whose fact (Event.fact_key: the key without the source) is already stored under another key, i.e. from another
# source: that source is added to the stored Event's sources, and the row is not written again. Events stored before
# fact keys existed have none and are not matched here (their own source still finds them by key).
ADD_EVENT_SOURCES = """
UNWIND $rows AS row
MATCH (e:Event {fact_key: row.fact_key})
WHERE e.key <> row.key
WITH e, row, coalesce(e.sources, [e.source]) AS known
FOREACH (_ IN CASE WHEN row.source IN known THEN [] ELSE [1] END | SET e.sources = known + row.source)
RETURN collect(DISTINCT row.key) AS keys
"""

# Events stored before fact keys existed (ingest.fact_keys computes theirs), a page at a time in key order.
EVENTS_WITHOUT_FACT_KEY = """
MATCH (e:Event) WHERE e.fact_key IS NULL AND e.key > $after
WITH e ORDER BY e.key LIMIT $page
OPTIONAL MATCH (e)-[:SUBJECT]->(s:Entity)
OPTIONAL MATCH (e)-[:OBJECT]->(o:Entity)
RETURN e.key AS key, e.relation AS relation, s.key AS subject, coalesce(o.key, e.object_value) AS object,
       e.valid_from AS valid_from, e.valid_to AS valid_to, e.granularity AS granularity
ORDER BY key
"""

SET_FACT_KEYS = """
UNWIND $rows AS row
MATCH (e:Event {key: row.key}) WHERE e.fact_key IS NULL
SET e.fact_key = row.fact_key
RETURN count(e) AS set
"""

# The one-time migration's mark: set when a backfill has gone through every event. Every writer of events keys them
# itself, so a store with the mark has nothing to backfill and an ingest reads one node instead of scanning events.
FACT_KEYS_MARKED = "MATCH (m:FactKeyMeta {key: 'fact_keys'}) RETURN m.backfilled_at AS at"
MARK_FACT_KEYS = "MERGE (m:FactKeyMeta {key: 'fact_keys'}) ON CREATE SET m.backfilled_at = datetime()"

# One row per NEW event (the pipeline dedupes keys in the batch and filters keys already stored). MERGE still guards
# against a concurrent writer; `created` is true only for the nodes this statement created ($now is unique per batch).
# A literal object (Wikidata quantity, string) has no OBJECT edge: it is kept in Event.object_value.
WRITE_EVENTS = """
UNWIND $rows AS row
MERGE (e:Event {key: row.key})
  ON CREATE SET e.relation = row.relation, e.text = row.text, e.valid_from = row.valid_from,
                e.valid_to = row.valid_to, e.granularity = row.granularity, e.source = row.source,
                e.sources = [row.source], e.fact_key = row.fact_key,
                e.object_value = row.object_value, e.ingested_at = $now, e.run_id = $run_id,
                e.recorded_from = $now
WITH e, row, (e.ingested_at = $now AND e.run_id = $run_id) AS created
WHERE created
MERGE (s:Entity {key: row.subject})
  ON CREATE SET s.name = row.subject_name, s.aliases = row.subject_aliases,
                s.aliases_text = row.subject_aliases_text, s.ingested_at = $now, s.run_id = $run_id
MERGE (e)-[:SUBJECT]->(s)
FOREACH (_ IN CASE WHEN row.object_value IS NULL THEN [1] ELSE [] END |
  MERGE (o:Entity {key: row.object})
    ON CREATE SET o.name = row.object_name, o.aliases = row.object_aliases,
                  o.aliases_text = row.object_aliases_text, o.ingested_at = $now, o.run_id = $run_id
  MERGE (e)-[:OBJECT]->(o)
)
RETURN count(e) AS written
"""

# Aliases learnt later (another source names the same entity differently) are added, never replaced.
ADD_ENTITY_ALIASES = """
UNWIND $rows AS row
MATCH (n:Entity {key: row.key})
WITH n, [a IN row.aliases WHERE NOT a IN coalesce(n.aliases, [])] AS new
WHERE size(new) > 0
SET n.aliases = coalesce(n.aliases, []) + new,
    n.aliases_text = reduce(t = coalesce(n.aliases_text, ''), a IN new | t + CASE t WHEN '' THEN '' ELSE ' | ' END + a)
RETURN count(n) AS updated
"""

# ---- which keys of a batch are already stored (and whether they have an embedding) ------------------------------
# One constant per label that the pipeline may be asked to check; the unique constraint on key makes these seeks.
_EXISTING = """
UNWIND $keys AS k
MATCH (n:{label} {{key: k}})
RETURN n.key AS key, n.embedding IS NOT NULL AS embedded
"""
EXISTING_KEYS = {label: _EXISTING.format(label=label) for label in ("Event", "Chunk", "Passage", "Document", "Entity")}

# db.create.setNodeVectorProperty stores a float32 vector (a plain SET would store float64: twice the size).
_SET_EMBEDDINGS = """
UNWIND $rows AS row
MATCH (n:{label} {{key: row.key}})
CALL db.create.setNodeVectorProperty(n, 'embedding', row.embedding)
RETURN count(n) AS embedded
"""
EMBEDDED_LABELS = ("Event", "Chunk", "Passage", "Sentence")
SET_EMBEDDINGS = {label: _SET_EMBEDDINGS.format(label=label) for label in EMBEDDED_LABELS}

# Nodes still without an embedding, paged by key (index-ordered, so `ingest embed` resumes by simply running again).
_MISSING_EMBEDDINGS = """
MATCH (n:{label})
WHERE n.key > $after AND n.embedding IS NULL AND n.text IS NOT NULL
RETURN n.key AS key, n.text AS text
ORDER BY n.key
LIMIT $limit
"""
MISSING_EMBEDDINGS = {label: _MISSING_EMBEDDINGS.format(label=label) for label in EMBEDDED_LABELS}
# A sentence is embedded with its passage's title in front (as MRAG does): "In 1964 , she purchased the house" says
# nothing about which house without it. The node's ``text`` stays the sentence alone.
MISSING_EMBEDDINGS["Sentence"] = """
MATCH (n:Sentence)
WHERE n.key > $after AND n.embedding IS NULL AND n.text IS NOT NULL
RETURN n.key AS key, CASE WHEN n.title IS NULL OR n.title = '' THEN n.text ELSE n.title + ' | ' + n.text END AS text
ORDER BY n.key
LIMIT $limit
"""

_COUNT_MISSING_EMBEDDINGS = "MATCH (n:{label}) WHERE n.embedding IS NULL AND n.text IS NOT NULL RETURN count(n) AS n"
COUNT_MISSING_EMBEDDINGS = {label: _COUNT_MISSING_EMBEDDINGS.format(label=label) for label in EMBEDDED_LABELS}

# ---- the IngestRun ledger (record time, the resume checkpoint, and who owns a live run) ------------------------
# A run is live while it holds ``live_key`` (a hash of source, format and checksum; removed when it ends): the
# ``ingest_run_live`` uniqueness constraint lets ONE run of the same content hold it, so a second process that tries to
# create or resume one fails on the constraint instead of taking over the live run. ``owner_*`` say which process
# holds it (host, pid, the pid's start time, a token per claim), so a later run can tell a dead owner from a live one.
CREATE_RUN = """
CREATE (r:IngestRun {id: $id, source: $source, format: $format, path: $path, checksum: $checksum,
                     started_at: $now, heartbeat_at: $now, status: 'running', checkpoint: 0, batches: 0,
                     read: 0, written: 0, duplicates: 0, rejected: 0, embedded: 0,
                     embedding_model: $embedding_model, rejects_path: $rejects_path,
                     live_key: $live_key, owner_host: $owner_host, owner_pid: $owner_pid,
                     owner_started: $owner_started, owner_token: $owner_token})
RETURN r.id AS id
"""

# The most recent unfinished run of the same content (same source, format and checksum): resume it.
FIND_UNFINISHED_RUN = """
MATCH (r:IngestRun {source: $source, format: $format, checksum: $checksum})
WHERE r.status IN ['running', 'failed', 'interrupted']
RETURN r {.*} AS run
ORDER BY r.started_at DESC
LIMIT 1
"""

# The run that holds the live claim on this content, if any.
FIND_LIVE_RUN = "MATCH (r:IngestRun {live_key: $live_key}) RETURN r {.*} AS run"

FIND_COMPLETED_RUN = """
MATCH (r:IngestRun {source: $source, format: $format, checksum: $checksum, status: 'completed'})
RETURN r {.*} AS run
ORDER BY r.started_at DESC
LIMIT 1
"""

# Compare-and-set queries take the node's write lock first (SET/REMOVE of a marker) and only then read the fields they
# compare, so two processes racing for the same run cannot both win: the second reads what the first committed.
# A run whose owner died (killed, or its server went away before it could say so) is marked 'interrupted' by the next
# run of the same content, only if the dead owner (its token) still holds it.
MARK_INTERRUPTED = """
MATCH (r:IngestRun {id: $id})
SET r.claim_lock = true
REMOVE r.claim_lock
WITH r
WHERE r.status = 'running' AND coalesce(r.owner_token, '') = $owner_token
SET r.status = 'interrupted', r.live_key = null, r.interrupted_at = $now, r.error = $error,
    r.interruptions = coalesce(r.interruptions, 0) + 1
RETURN r.id AS id
"""

# Resume = claim an unfinished run that nobody holds. Setting ``live_key`` fails on the constraint if another run of
# the same content is live; no row back means another process claimed this run first.
RESUME_RUN = """
MATCH (r:IngestRun {id: $id})
SET r.claim_lock = true
REMOVE r.claim_lock
WITH r
WHERE r.status IN ['failed', 'interrupted']
SET r.status = 'running', r.heartbeat_at = $now, r.path = $path, r.resumed = coalesce(r.resumed, 0) + 1,
    r.error = null, r.live_key = $live_key, r.owner_host = $owner_host, r.owner_pid = $owner_pid,
    r.owner_started = $owner_started, r.owner_token = $owner_token
RETURN r {.*} AS run
"""

# Runs in the SAME transaction as the batch it accounts for: a committed batch and its checkpoint go together.
# Absolute values (not increments), so a transaction retried by the driver writes the same numbers.
CHECKPOINT_RUN = """
MATCH (r:IngestRun {id: $id})
SET r.checkpoint = $checkpoint, r.batches = $batches, r.read = $read, r.written = $written,
    r.duplicates = $duplicates, r.rejected = $rejected, r.embedded = $embedded, r.heartbeat_at = $now
RETURN r.checkpoint AS checkpoint
"""

# The end of a run ('completed', 'failed' or 'interrupted'): it gives up its live claim. Only the owner ends it.
# $checksum: what the reader read when the file changed while it was read (null: the checksum it started with).
FINISH_RUN = """
MATCH (r:IngestRun {id: $id})
WHERE coalesce(r.owner_token, '') = $owner_token
SET r.status = $status, r.finished_at = $now, r.heartbeat_at = $now, r.error = $error, r.live_key = null,
    r.checksum = coalesce($checksum, r.checksum)
RETURN r {.*} AS run
"""

GET_RUN = "MATCH (r:IngestRun {id: $id}) RETURN r {.*} AS run"

LIST_RUNS = """
MATCH (r:IngestRun)
RETURN r {.*} AS run
ORDER BY r.started_at DESC
LIMIT $limit
"""

# ---- counts (for summaries and tests) ---------------------------------------------------------------------------
GRAPH_COUNTS = """
CALL () { MATCH (e:Event) RETURN count(e) AS events }
CALL () { MATCH (n:Entity) RETURN count(n) AS entities }
CALL () { MATCH (:Event)-[r:SUBJECT|OBJECT]->(:Entity) RETURN count(r) AS edges }
CALL () { MATCH (e:Event) WHERE e.embedding IS NOT NULL RETURN count(e) AS embedded }
RETURN events, entities, edges, embedded
"""

# ---- integrity of one source against its file (benchmarks/kill9.py): lost and duplicated events ------------------
# A source's events are those that list it (Event.sources; Event.source alone before sources existed), compared by fact
# key: the same fact first stored by another source is this source's too.
SOURCE_EVENT_KEYS = """
MATCH (e:Event) WHERE $source IN coalesce(e.sources, [e.source])
RETURN coalesce(e.fact_key, e.key) AS key
"""

# Events stored, distinct facts among them, and events whose SUBJECT/OBJECT edges are not exactly one each (an edge
# written twice by a batch that was replayed would show here).
SOURCE_INTEGRITY = """
MATCH (e:Event) WHERE $source IN coalesce(e.sources, [e.source])
WITH e, COUNT { (e)-[:SUBJECT]->() } AS subjects, COUNT { (e)-[:OBJECT]->() } AS objects
RETURN count(e) AS events, count(DISTINCT coalesce(e.fact_key, e.key)) AS keys,
       sum(CASE WHEN subjects <> 1 THEN 1 ELSE 0 END) AS bad_subject_edges,
       sum(CASE WHEN e.object_value IS NULL AND objects <> 1 THEN 1 ELSE 0 END) AS bad_object_edges
"""

SOURCE_RUNS = "MATCH (r:IngestRun {source: $source}) RETURN r {.*} AS run ORDER BY r.started_at"
