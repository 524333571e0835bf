"""Queries retrievers share: ANN search on each kind's vector index with the temporal filter, and the one row
shape every item-returning query ends with (``tkgrag.items.item_from_row`` turns a row into an ``Evidence``).

Row shape: ``kind, key, text, score, valid_from, valid_to, granularity, source, fields`` where ``fields`` is the
kind's own map (``ITEM_RETURN`` per label). An ``Event`` node is a ``fact`` when it came from n-ary facts (it has
a property id or qualifiers), else an ``event``. Everything is parameterised; labels and index names come from the
fixed ``ITEM_RETURN`` / ``VECTOR_INDEX`` tables, never from data.
"""

from __future__ import annotations

from tkgrag.model import ItemKind
from tkgrag.queries.temporal_filter import temporal_filter

# An Event node's item kind: a fact came from n-ary facts (a property id or qualifiers), an event from a TKG file.
_EVENT_KIND = "CASE WHEN n.relation_id IS NOT NULL OR EXISTS { (n)-[:QUALIFIER]->() } THEN 'fact' ELSE 'event' END"

# The row of one item, per node label; the node variable is ``n`` and a ``score`` is in scope.
_EVENT_ITEM = (
    """
OPTIONAL MATCH (n)-[:SUBJECT]->(s:Entity)
OPTIONAL MATCH (n)-[:OBJECT]->(o:Entity)
WITH n, score, s, o,
     [(n)-[q:QUALIFIER]->(v) | {predicate: q.predicate, value: coalesce(v.name, v.key, toString(v.value))}]
       AS qualifiers
RETURN """
    + _EVENT_KIND
    + """ AS kind,
       n.key AS key, n.text AS text, score, n.valid_from AS valid_from, n.valid_to AS valid_to,
       n.granularity AS granularity, n.source AS source,
       {subject: coalesce(s.key, ''), relation: n.relation, object: coalesce(o.key, toString(n.object_value), ''),
        subject_name: s.name, object_name: o.name, relation_id: n.relation_id, qualifiers: qualifiers} AS fields
"""
)

_PASSAGE_ITEM = """
RETURN 'passage' AS kind, n.key AS key, n.text AS text, score, n.date_min AS valid_from, n.date_max AS valid_to,
       'day' AS granularity, n.source AS source, {title: n.title, dates: n.dates} AS fields
"""

_CHUNK_ITEM = """
OPTIONAL MATCH (d:Document)-[:HAS_CHUNK]->(n)
RETURN 'chunk' AS kind, n.key AS key, n.text AS text, score, null AS valid_from, null AS valid_to,
       null AS granularity, n.source AS source, {title: n.title, document: d.key, position: n.position} AS fields
"""

ITEM_RETURN: dict[str, str] = {"Event": _EVENT_ITEM, "Passage": _PASSAGE_ITEM, "Chunk": _CHUNK_ITEM}
VECTOR_INDEX: dict[str, str] = {"Event": "event_embedding", "Passage": "passage_embedding", "Chunk": "chunk_embedding"}
LABEL_OF: dict[ItemKind, str] = {
    ItemKind.EVENT: "Event",
    ItemKind.FACT: "Event",
    ItemKind.PASSAGE: "Passage",
    ItemKind.CHUNK: "Chunk",
}


def item_return(label: str) -> str:
    """The top ``$k`` nodes ``n`` of ``label`` by ``score`` (both in scope) as item rows, best first; the kind's
    fields are read for those k only."""
    return (
        "WITH n, score ORDER BY score DESC, n.key ASC LIMIT $k" + ITEM_RETURN[label] + "ORDER BY score DESC, key ASC\n"
    )


def kind_filter(var: str, label: str) -> str:
    """A predicate keeping the item kinds in ``$kinds`` (null: every kind of the label). Only ``Event`` nodes hold
    two kinds; the filter runs before ``LIMIT $k`` so that asking for facts returns the top k facts."""
    if label != "Event":
        return "true"
    return "($kinds IS NULL OR " + _EVENT_KIND.replace("n.", f"{var}.").replace("(n)", f"({var})") + " IN $kinds)"


def vector_search(label: str) -> str:
    """ANN over ``label``'s vector index: ``$n`` candidates (>= ``$k``, so the temporal filter ``$tcs`` and the kind
    filter ``$kinds`` still leave k), filtered, the top ``$k`` as item rows."""
    return (
        f"CALL db.index.vector.queryNodes('{VECTOR_INDEX[label]}', $n, $qvec) YIELD node AS n, score\n"
        f"WHERE {temporal_filter('n', label)} AND {kind_filter('n', label)}\n" + item_return(label)
    )


VECTOR_EVENTS = vector_search("Event")
VECTOR_PASSAGES = vector_search("Passage")
VECTOR_CHUNKS = vector_search("Chunk")
