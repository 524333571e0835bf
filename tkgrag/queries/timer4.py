"""Cypher of TimeR4's Temporal Knowledge Store (TKS): a second vector property on the same Event nodes
(``embedding_ta``, written by the fine-tuned time-aware encoder) with its own vector index, next to the FKS
(``embedding`` / ``event_embedding``, the off-the-shelf encoder). Everything is parameterised; the property and index
names are the fixed constants below, the dimension a validated int."""

from __future__ import annotations

from tkgrag.queries.retrieval import item_return, kind_filter
from tkgrag.queries.temporal_filter import record_filter

TKS_PROPERTY = "embedding_ta"
TKS_INDEX = "event_embedding_ta"


def create_tks_index(dimensions: int) -> str:
    """The TKS vector index (cosine, like the FKS's); IF NOT EXISTS, so filling again is harmless."""
    if not isinstance(dimensions, int) or not 1 <= dimensions <= 4096:
        raise ValueError(f"vector dimension must be an int in 1..4096, got {dimensions!r}")
    return (
        f"CREATE VECTOR INDEX {TKS_INDEX} IF NOT EXISTS FOR (e:Event) ON (e.{TKS_PROPERTY}) "
        f"OPTIONS {{indexConfig: {{`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}}}}"
    )


AWAIT_TKS_INDEX = f"CALL db.awaitIndex('{TKS_INDEX}', $seconds)"

TKS_INDEX_STATE = f"SHOW VECTOR INDEXES YIELD name, state WHERE name = '{TKS_INDEX}' RETURN state"

# Events still without a TKS vector, paged by key: filling resumes (and picks up new events) by running again.
MISSING_TKS = f"""
MATCH (n:Event)
WHERE n.key > $after AND n.{TKS_PROPERTY} IS NULL AND n.text IS NOT NULL
RETURN n.key AS key, n.text AS text
ORDER BY n.key
LIMIT $limit
"""

COUNT_MISSING_TKS = f"MATCH (n:Event) WHERE n.{TKS_PROPERTY} IS NULL AND n.text IS NOT NULL RETURN count(n) AS n"

COUNT_TKS = f"MATCH (n:Event) WHERE n.{TKS_PROPERTY} IS NOT NULL RETURN count(n) AS n"

SET_TKS = f"""
UNWIND $rows AS row
MATCH (n:Event {{key: row.key}})
CALL db.create.setNodeVectorProperty(n, '{TKS_PROPERTY}', row.embedding)
RETURN count(n) AS embedded
"""

# Time-aware retrieval (Eq. 7): the $n nearest events by the TKS index with their times only (the rerank needs
# nothing else); the kinds filter and the record-time predicate ($as_of_record: current items, or as of then) run
# before the limit. One record, ``rows``: a list of [key, score, valid_from, valid_to, granularity] in the index's
# order, the dates as ISO strings: a record per candidate and a driver Date per date cost the client ~90 ms of CPU
# for 1,000 candidates (issue 30: under load that CPU waits for a core), one list of strings ~10 ms.
TKS_CANDIDATES = f"""
CALL db.index.vector.queryNodes('{TKS_INDEX}', $n, $qvec) YIELD node AS n, score
WHERE {kind_filter("n", "Event")} AND {record_filter("n")}
RETURN collect([n.key, score, toString(n.valid_from), toString(n.valid_to), n.granularity]) AS rows
"""
TKS_COLUMNS = ("key", "score", "valid_from", "valid_to", "granularity")

# The reranked top k as item rows, in the order given ($rows: key and final score).
ITEMS_BY_KEY = "UNWIND $rows AS row\nMATCH (n:Event {key: row.key})\nWITH n, row.score AS score\n" + item_return(
    "Event"
)

# Which encoder wrote the TKS vectors: vectors of two encoders must never mix (a retrained model makes every stored
# vector stale). One meta node, read before filling and before retrieving.
READ_TKS_META = "MATCH (m:TksMeta {key: 'tks'}) RETURN m.encoder AS encoder, m.model_path AS model_path"

WRITE_TKS_META = """
MERGE (m:TksMeta {key: 'tks'})
SET m.encoder = $encoder, m.model_path = $model_path, m.updated_at = datetime()
"""

# Drop the TKS vectors of another encoder, a page per transaction (the fill then writes them again).
CLEAR_TKS_PAGE = f"""
MATCH (n:Event) WHERE n.{TKS_PROPERTY} IS NOT NULL
WITH n LIMIT $limit
REMOVE n.{TKS_PROPERTY}
RETURN count(n) AS cleared
"""
