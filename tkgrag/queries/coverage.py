"""Cypher of the coverage table (``tkgrag.ingest.coverage``): events per source and month, one ``Coverage`` node per
(source, month), kept up to date by the event ingest for the months a run touched.

The label is this module's constant, never taken from data; sources and months are property values (parameters).
A month is the calendar month an event STARTS in (``valid_from``); only current versions count (``recorded_to`` null).
An event stated by several sources (``Event.sources``) counts for each of them.
"""

COVERAGE_LABEL = "Coverage"

# (source, month) pairs of the events a run created (index event_run_id).
MONTHS_OF_RUN = """
MATCH (e:Event {run_id: $run_id})
WHERE e.valid_from IS NOT NULL
UNWIND coalesce(e.sources, [e.source]) AS source
WITH source, substring(toString(e.valid_from), 0, 7) AS month
WHERE source IS NOT NULL
RETURN DISTINCT source, month
"""

# Every (source, month) pair of the store (the backfill of a store ingested before the table existed).
ALL_MONTHS = """
MATCH (e:Event)
WHERE e.valid_from IS NOT NULL AND e.recorded_to IS NULL
UNWIND coalesce(e.sources, [e.source]) AS source
WITH source, substring(toString(e.valid_from), 0, 7) AS month
WHERE source IS NOT NULL
RETURN source, month, count(*) AS events
"""

# Count the events of each given (source, month) (range index event_valid_from) and store the counts.
UPDATE_MONTHS = f"""
UNWIND $months AS m
WITH m, date(m.month + '-01') AS first
OPTIONAL MATCH (e:Event)
WHERE e.valid_from >= first AND e.valid_from < first + duration('P1M') AND e.recorded_to IS NULL
  AND m.source IN coalesce(e.sources, [e.source])
WITH m, count(e) AS events
MERGE (c:{COVERAGE_LABEL} {{key: m.source + '|' + m.month}})
SET c.source = m.source, c.month = m.month, c.events = events, c.updated_at = $now
RETURN count(c) AS months
"""

# Store counts computed elsewhere (ALL_MONTHS): rows {source, month, events}.
SET_MONTHS = f"""
UNWIND $rows AS m
MERGE (c:{COVERAGE_LABEL} {{key: m.source + '|' + m.month}})
SET c.source = m.source, c.month = m.month, c.events = m.events, c.updated_at = $now
RETURN count(c) AS months
"""

# The whole table (a few hundred rows per source: months x sources).
COVERAGE_TABLE = f"""
MATCH (c:{COVERAGE_LABEL})
RETURN c.source AS source, c.month AS month, c.events AS events
ORDER BY source, month
"""

DROP_COVERAGE = f"""
MATCH (c:{COVERAGE_LABEL}) DETACH DELETE c
"""
