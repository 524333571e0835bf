"""Cypher of FastInsight (``tkgrag/retrievers/fastinsight``) and of the chunk-graph baselines.

The corpus graph is ``(:Chunk)-[:REFERENCES]->(:Chunk)`` (citations, hyperlinks, mentions from ``tkgrag corpus
link``), read as undirected: ``deg_E(n)`` is the number of distinct chunks ``n`` references or is referenced by.
Degrees and neighbourhoods are read per query from the store (index lookups on ``Chunk.key``), never from a copy
of the graph in Python. Everything is parameterised.
"""

from __future__ import annotations

from tkgrag.queries.temporal_filter import temporal_filter

# Record time (``--as-of-record``, default now) through the one filter builder: the seeds, the STeX candidates and
# the degrees count only the chunks the store believed at that record time (``$tcs`` and ``$as_of_record``,
# ``constraint_params``; chunks carry no valid time, so only the record-time part ever removes one).
_VISIBLE_O = temporal_filter("o", "Chunk")

# Neo4j's vector functions and index scores are normalised: cosine s in [0, 1] = (1 + cos) / 2. STeX's I_sim is the
# paper's dot product of L2-normalised vectors, i.e. cos = 2 s - 1.
_DOT = "2.0 * vector.similarity.cosine({a}.embedding, $qvec) - 1.0"

# Alg. 1 line 1: the top-BATCH chunks by similarity (ANN over $n >= $k candidates, see ANN_CANDIDATES).
VECTOR_SEED = (
    """
CALL db.index.vector.queryNodes('chunk_embedding', $n, $qvec) YIELD node AS c, score
WHERE """
    + temporal_filter("c", "Chunk")
    + """
WITH c, score ORDER BY score DESC, c.key ASC LIMIT $k
RETURN c.key AS key, c.title AS title, c.text AS text, 2.0 * score - 1.0 AS sim
"""
)

# Alg. 2 lines 2-3: for each retrieved chunk, its degree in E and its neighbours inside the retrieved set.
SUBGRAPH = (
    """
UNWIND $keys AS key
MATCH (c:Chunk {key: key})
RETURN key,
       COUNT { MATCH (c)-[:REFERENCES]-(o:Chunk) WHERE o <> c AND """
    + _VISIBLE_O
    + """ RETURN DISTINCT o } AS degree,
       COLLECT { MATCH (c)-[:REFERENCES]-(o:Chunk) WHERE o.key IN $keys AND o <> c RETURN DISTINCT o.key } AS adjacent
"""
)

# Alg. 3 lines 1, 4, 9, 13: the neighbours of the retrieved set outside it, with A(n) (their retrieved neighbours),
# deg_E(n) and I_sim.
STEX_CANDIDATES = (
    """
UNWIND $keys AS key
MATCH (:Chunk {key: key})-[:REFERENCES]-(n:Chunk)
WHERE NOT n.key IN $keys AND """
    + temporal_filter("n", "Chunk")
    + """
WITH n, collect(DISTINCT key) AS adjacent
RETURN n.key AS key, n.title AS title, n.text AS text, adjacent,
       COUNT { MATCH (n)-[:REFERENCES]-(o:Chunk) WHERE o <> n AND """
    + _VISIBLE_O
    + """ RETURN DISTINCT o } AS degree,
       """
    + _DOT.format(a="n")
    + """ AS sim
ORDER BY key
"""
)

# Chunks named by key (the candidates of a first stage), with texts: Re2 / GRanker-only read the vector top-100.
CHUNK_TEXTS = """
UNWIND $keys AS key
MATCH (c:Chunk {key: key})
RETURN c.key AS key, c.title AS title, c.text AS text
"""

# How many REFERENCES edges (the chunk-graph projection is rebuilt when this or the chunk count changes).
CHUNK_GRAPH_SIZE = """
CALL () { MATCH (c:Chunk) RETURN count(c) AS chunks }
CALL () { MATCH (:Chunk)-[r:REFERENCES]->(:Chunk) RETURN count(r) AS edges }
RETURN chunks, edges
"""

GRAPH_SIZE_IN_CATALOG = """
CALL gds.graph.list($name) YIELD nodeCount, relationshipCount
RETURN nodeCount, relationshipCount
"""

# GDS node ids of chunks (PPR seeds) and chunk keys of GDS node ids (PPR results).
CHUNK_NODE_IDS = """
UNWIND $keys AS key
MATCH (c:Chunk {key: key})
RETURN key, id(c) AS node_id
"""

# Items for chunks given as (key, score) rows, best first (the retrieval contract's row shape).
CHUNK_ITEMS_BY_KEY = """
UNWIND $rows AS row
MATCH (n:Chunk {key: row.key})
WITH n, row.score AS score
"""

CHUNK_ITEMS_BY_NODE_ID = """
UNWIND $rows AS row
MATCH (n:Chunk) WHERE id(n) = row.node_id
WITH n, row.score AS score
"""
