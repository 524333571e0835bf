"""Cypher of mapped-source syncs: versions of an item (``Event.item_key``), closing a version (``recorded_to``), and
the item history. An item is a source row; each change of its values is a new Event version with key
``<item_key>@<n>``. Closing sets ``recorded_to`` and ``closed_by`` (the run); nothing is deleted.
"""

from __future__ import annotations

# The latest version number and the current version (if any) of each item key that has a version: new keys give no
# row (a first sync of 90k rows would otherwise carry 90k empty rows back; the writer reads "absent" as version 0).
_CURRENT_VERSIONS = """
UNWIND $item_keys AS k
MATCH (e:{label} {{item_key: k}})
WITH k, max(e.version) AS last,
     collect(CASE WHEN e.recorded_to IS NULL THEN {{key: e.key, content_hash: e.content_hash}} END) AS current
RETURN k AS item_key, last, current
"""

_CLOSE_VERSIONS = """
UNWIND $keys AS k
MATCH (e:{label} {{key: k}})
WHERE e.recorded_to IS NULL
SET e.recorded_to = $now, e.closed_by = $run_id
RETURN count(e) AS closed
"""

# A new version: an Event like the TSV writer's (same entity MERGEs) plus item_key, version, content_hash and record
# time; its qualifiers are QUALIFIER edges to Value nodes of its own, as the facts writer stores literal qualifiers
# (``ingest_formats.MERGE_FACTS``), so retrieval, the reader and the Browser show them as a fact's (their values are
# in the text too). Each version has its own: a changed qualifier never edits what an older version said.
WRITE_VERSIONS = """
UNWIND $rows AS row
MERGE (e:Event {key: row.key})
  ON CREATE SET e.relation = row.relation, e.text = row.text, e.valid_from = row.valid_from,
                e.valid_to = row.valid_to, e.granularity = row.granularity, e.source = row.source,
                e.item_key = row.item_key, e.version = row.version, e.content_hash = row.content_hash,
                e.fact_key = row.fact_key, e.ingested_at = $now, e.run_id = $run_id, e.recorded_from = $now
WITH e, row, (e.ingested_at = $now AND e.run_id = $run_id) AS created
WHERE created
MERGE (s:Entity {key: row.subject})
  ON CREATE SET s.name = row.subject_name, s.aliases = row.subject_aliases,
                s.aliases_text = row.subject_aliases_text, s.ingested_at = $now, s.run_id = $run_id
MERGE (e)-[:SUBJECT]->(s)
MERGE (o:Entity {key: row.object})
  ON CREATE SET o.name = row.object_name, o.aliases = row.object_aliases,
                o.aliases_text = row.object_aliases_text, o.ingested_at = $now, o.run_id = $run_id
MERGE (e)-[:OBJECT]->(o)
WITH e, row
CALL (e, row) {
  UNWIND row.qualifiers AS q
  CREATE (e)-[:QUALIFIER {predicate: q.predicate}]->(:Value {value: q.value, datatype: 'literal', ingested_at: $now,
                                                             run_id: $run_id})
}
RETURN count(e) AS written
"""

# A passage version (``output = "passages"``): a Passage like the passages writer's, with item_key, version,
# content_hash and record time; its sentences are split after the sync (``ingest.sentences``).
WRITE_PASSAGE_VERSIONS = """
UNWIND $rows AS row
MERGE (p:Passage {key: row.key})
  ON CREATE SET p.title = row.title, p.title_key = row.title_key, p.text = row.text, p.dates = row.dates,
                p.date_min = row.date_min, p.date_max = row.date_max, p.source = row.source,
                p.item_key = row.item_key, p.version = row.version,
                p.content_hash = row.content_hash, p.ingested_at = $now, p.run_id = $run_id, p.recorded_from = $now
WITH p WHERE p.ingested_at = $now AND p.run_id = $run_id
RETURN count(p) AS written
"""

# Current item keys of a source, paged by key (a full sync closes the ones it no longer found).
_CURRENT_ITEM_KEYS = """
MATCH (e:{label} {{source: $source}})
WHERE e.item_key IS NOT NULL AND e.recorded_to IS NULL AND e.key > $after
RETURN e.key AS key, e.item_key AS item_key
ORDER BY e.key
LIMIT $limit
"""

# Sync bookkeeping on the run: the watermark it started from, its mode, and (when done) the highest watermark read.
SYNC_START = """
MATCH (r:IngestRun {id: $run_id})
SET r.sync_from = $watermark_from, r.sync_full = $full
"""

SYNC_FINISH = """
MATCH (r:IngestRun {id: $run_id})
SET r.watermark = $watermark, r.closed = $closed, r.sync_done = true
"""

# The highest watermark of the last finished sync of this source (the next incremental sync reads from it).
LAST_WATERMARK = """
MATCH (r:IngestRun {source: $source, format: $format})
WHERE r.status = 'completed' AND r.sync_done AND r.watermark IS NOT NULL
RETURN r.watermark AS watermark
ORDER BY r.started_at DESC
LIMIT 1
"""

UNFINISHED_SYNC = """
MATCH (r:IngestRun {source: $source, format: $format, checksum: $checksum})
WHERE r.status IN ['running', 'failed', 'interrupted']
RETURN r.sync_from AS watermark_from, r.sync_full AS full
ORDER BY r.started_at DESC
LIMIT 1
"""

# `tkgrag history KEY`: every version of an item (KEY = an item key, or any version's key; an Event or a Passage),
# oldest first, with the runs that wrote and closed it.
HISTORY = """
OPTIONAL MATCH (v:Event {key: $key})
OPTIONAL MATCH (w:Passage {key: $key})
WITH coalesce(v.item_key, w.item_key, $key) AS item
CALL (item) {
  MATCH (e:Event {item_key: item}) RETURN e
  UNION
  MATCH (e:Event {key: $key}) RETURN e
  UNION
  MATCH (e:Passage {item_key: item}) RETURN e
  UNION
  MATCH (e:Passage {key: $key}) RETURN e
}
OPTIONAL MATCH (w:IngestRun {id: e.run_id})
OPTIONAL MATCH (c:IngestRun {id: e.closed_by})
RETURN e.key AS key, e.item_key AS item_key, e.version AS version, e.text AS text,
       e.recorded_from AS recorded_from, e.recorded_to AS recorded_to,
       e.run_id AS written_by, w.started_at AS written_run_started,
       e.closed_by AS closed_by, c.started_at AS closed_run_started
ORDER BY coalesce(e.version, 0), e.recorded_from
"""

# Checks of the change scenario: items with more than one current version, and versions per source.
DUPLICATED_CURRENT = """
MATCH (e:Event {source: $source})
WHERE e.item_key IS NOT NULL AND e.recorded_to IS NULL
WITH e.item_key AS item, count(*) AS n
WHERE n > 1
RETURN item, n
"""

VERSION_COUNTS = """
MATCH (e:Event {source: $source})
WHERE e.item_key IS NOT NULL
RETURN count(e) AS versions, count(CASE WHEN e.recorded_to IS NULL THEN 1 END) AS current,
       count(DISTINCT e.item_key) AS items
"""

# Versions a run closed (changed rows, and rows a full sync no longer found).
_CLOSED_BY_RUN = """
MATCH (e:{label} {{source: $source}})
WHERE e.closed_by = $run_id
RETURN count(e) AS closed
"""

# The labels a mapped source writes versions of (fixed: never from data).
VERSIONED = ("Event", "Passage")
CURRENT_VERSIONS_OF = {label: _CURRENT_VERSIONS.format(label=label) for label in VERSIONED}
CLOSE_VERSIONS_OF = {label: _CLOSE_VERSIONS.format(label=label) for label in VERSIONED}
CURRENT_ITEM_KEYS_OF = {label: _CURRENT_ITEM_KEYS.format(label=label) for label in VERSIONED}
CLOSED_BY_RUN_OF = {label: _CLOSED_BY_RUN.format(label=label) for label in VERSIONED}
CURRENT_VERSIONS = CURRENT_VERSIONS_OF["Event"]
CLOSE_VERSIONS = CLOSE_VERSIONS_OF["Event"]
CURRENT_ITEM_KEYS = CURRENT_ITEM_KEYS_OF["Event"]
CLOSED_BY_RUN = CLOSED_BY_RUN_OF["Event"]
