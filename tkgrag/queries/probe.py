"""The cross-kind probe of ``auto``'s calibration (``tkgrag.planning.calibration``): a question's (or an item's)
vector against each kind's vector index, the scores of the top ``$n`` with each hit's kind. ``Event`` nodes hold
two kinds (events and facts), told apart as the retrievers do; the caller keeps the best per kind. Read-only.
"""

from __future__ import annotations

from tkgrag.queries.retrieval import _EVENT_KIND, VECTOR_INDEX

PROBE: dict[str, str] = {
    "Event": (
        f"CALL db.index.vector.queryNodes('{VECTOR_INDEX['Event']}', $n, $qvec) YIELD node AS n, score\n"
        f"RETURN {_EVENT_KIND} AS kind, score ORDER BY score DESC"
    ),
    "Passage": (
        f"CALL db.index.vector.queryNodes('{VECTOR_INDEX['Passage']}', $n, $qvec) YIELD node AS n, score\n"
        "RETURN 'passage' AS kind, score ORDER BY score DESC"
    ),
    "Chunk": (
        f"CALL db.index.vector.queryNodes('{VECTOR_INDEX['Chunk']}', $n, $qvec) YIELD node AS n, score\n"
        "RETURN 'chunk' AS kind, score ORDER BY score DESC"
    ),
}

# A slice of one label's items (storage order; the vector read only for the slice) with each item's kind: the
# off-kind texts of the label-free null.
SAMPLE_VECTORS: dict[str, str] = {
    "Event": (
        "MATCH (n:Event) WITH n SKIP $skip LIMIT $limit WHERE n.embedding IS NOT NULL\n"
        f"RETURN {_EVENT_KIND} AS kind, n.embedding AS vector"
    ),
    "Passage": (
        "MATCH (n:Passage) WITH n SKIP $skip LIMIT $limit WHERE n.embedding IS NOT NULL\n"
        "RETURN 'passage' AS kind, n.embedding AS vector"
    ),
    "Chunk": (
        "MATCH (n:Chunk) WITH n SKIP $skip LIMIT $limit WHERE n.embedding IS NOT NULL\n"
        "RETURN 'chunk' AS kind, n.embedding AS vector"
    ),
}
