"""The cross-kind probe of ``auto``'s calibration (``tkgrag.planning.calibration``): a question's (or an item's)
vector against each kind's vector index, the scores of the top ``$n_<label>`` with each hit's kind, every label in
one round trip. ``Event`` nodes hold two kinds (events and facts), told apart as the retrievers do; the caller keeps
the best per kind. Read-only.
"""

from __future__ import annotations

from collections.abc import Sequence

from tkgrag.queries.retrieval import _EVENT_KIND, VECTOR_INDEX

# One label's top ``$n_<label>`` hits as a list of {kind, score} maps (``hits_<label>``), a CALL subquery body.
_HITS: dict[str, str] = {
    "Event": (
        f"CALL db.index.vector.queryNodes('{VECTOR_INDEX['Event']}', $n_Event, $qvec) YIELD node AS n, score\n"
        f"RETURN collect({{kind: {_EVENT_KIND}, score: score}}) AS hits_Event"
    ),
    "Passage": (
        f"CALL db.index.vector.queryNodes('{VECTOR_INDEX['Passage']}', $n_Passage, $qvec) YIELD node AS n, score\n"
        "RETURN collect({kind: 'passage', score: score}) AS hits_Passage"
    ),
    "Chunk": (
        f"CALL db.index.vector.queryNodes('{VECTOR_INDEX['Chunk']}', $n_Chunk, $qvec) YIELD node AS n, score\n"
        "RETURN collect({kind: 'chunk', score: score}) AS hits_Chunk"
    ),
}
LABELS = tuple(_HITS)


def probe_query(labels: Sequence[str]) -> str:
    """One read of every label's index in ``labels`` (one round trip instead of one per label: the probe sits
    before the retrieval on every planned question). Parameters: ``$qvec`` and ``$n_<label>`` per label; one row
    with ``hits_<label>`` per label. Labels come from ``LABELS`` only."""
    unknown = [x for x in labels if x not in _HITS]
    if unknown or not labels:
        raise ValueError(f"probe_query: labels must be some of {', '.join(LABELS)}, got {list(labels)!r}")
    calls = "\n".join(f"CALL () {{\n{_HITS[x]}\n}}" for x in dict.fromkeys(labels))
    return f"{calls}\nRETURN " + ", ".join(f"hits_{x}" for x in dict.fromkeys(labels))


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


# A slice of one KIND's items (storage order) with what ``planning.pseudo`` makes a question of: the question
# null's sample. Event nodes hold events and facts: the kind is filtered before the slice, so a slice of facts is
# facts wherever they lie in storage order. Dates as ISO strings.
_EVENT_FIELDS = """
OPTIONAL MATCH (n)-[:SUBJECT]->(s:Entity)
OPTIONAL MATCH (n)-[:OBJECT]->(o:Entity)
RETURN coalesce(s.name, s.key, '') AS subject, n.relation AS relation,
       coalesce(o.name, o.key, toString(n.object_value), '') AS object, toString(n.valid_from) AS valid_from,
       toString(n.valid_to) AS valid_to, n.granularity AS granularity, '' AS title, '' AS text
"""
SAMPLE_ITEMS: dict[str, str] = {
    "event": (f"MATCH (n:Event) WHERE {_EVENT_KIND} = 'event'\nWITH n SKIP $skip LIMIT $limit" + _EVENT_FIELDS),
    "fact": (f"MATCH (n:Event) WHERE {_EVENT_KIND} = 'fact'\nWITH n SKIP $skip LIMIT $limit" + _EVENT_FIELDS),
    "passage": (
        "MATCH (n:Passage) WITH n SKIP $skip LIMIT $limit\n"
        "RETURN '' AS subject, '' AS relation, '' AS object, null AS valid_from, null AS valid_to,\n"
        "       null AS granularity, coalesce(n.title, '') AS title, coalesce(n.text, '') AS text"
    ),
    "chunk": (
        "MATCH (n:Chunk) WITH n SKIP $skip LIMIT $limit\n"
        "RETURN '' AS subject, '' AS relation, '' AS object, null AS valid_from, null AS valid_to,\n"
        "       null AS granularity, coalesce(n.title, '') AS title, coalesce(n.text, '') AS text"
    ),
}
