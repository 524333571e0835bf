"""STAR-RAG rule graph in Neo4j: ``(:Rule)``, ``(:Event)-[:SUPPORTS]->(:Rule)``, ``(:Rule)-[:RULE_EDGE]->(:Rule)``,
and a ``(:RuleGraphMeta {key: 'star'})`` node that records what the graph was built from (for staleness checks)."""

from tkgrag.queries.retrieval import item_return, kind_filter
from tkgrag.queries.temporal_filter import temporal_filter

# Events the rule graph summarizes: entity-to-entity facts with a start time, in a fixed order (indices = positions).
LOAD_EVENTS = """
MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity)
WHERE e.valid_from IS NOT NULL
RETURN e.key AS key, s.key AS subject, e.relation AS relation, o.key AS object, e.valid_from AS day
ORDER BY key
"""

DELETE_RULES = "MATCH (r:Rule) CALL (r) { DETACH DELETE r } IN TRANSACTIONS OF 2000 ROWS"

CREATE_RULES = """
UNWIND $rows AS row
CREATE (:Rule {key: row.key, c_s: row.c_s, relation: row.relation, c_o: row.c_o, support: row.support})
"""

CREATE_SUPPORTS = """
UNWIND $rows AS row
MATCH (e:Event {key: row.event})
MATCH (r:Rule {key: row.rule})
CREATE (e)-[:SUPPORTS]->(r)
"""

CREATE_RULE_EDGES = """
UNWIND $rows AS row
MATCH (u:Rule {key: row.source})
MATCH (v:Rule {key: row.target})
CREATE (u)-[:RULE_EDGE {weight: row.weight, spans: row.n_spans, span_sum: row.span_sum, mean_span: row.mean_span,
                        rate: row.rate, saving_bits: row.saving_bits, differs_in: row.differs_in}]->(v)
"""

WRITE_META = """
MERGE (m:RuleGraphMeta {key: 'star'})
SET m += $props, m.built_at = datetime()
"""

READ_META = "MATCH (m:RuleGraphMeta {key: 'star'}) RETURN properties(m) AS meta"

# What the graph holds now, to compare with the meta node: event count and the newest record time.
EVENT_FINGERPRINT = """
MATCH (e:Event) WHERE e.valid_from IS NOT NULL
RETURN count(e) AS events, max(e.ingested_at) AS newest
"""

# Seed rules of the anchor events: U_seed with |supp(u)| (Appendix C needs the coverage).
RULES_OF_EVENTS = """
UNWIND $keys AS key
MATCH (e:Event {key: key})-[:SUPPORTS]->(r:Rule)
RETURN key AS event, r.key AS rule, id(r) AS node_id, r.support AS support
ORDER BY event, rule
"""

RULE_KEYS_BY_ID = """
UNWIND $ids AS id
MATCH (r:Rule) WHERE id(r) = id
RETURN id AS node_id, r.key AS key, r.support AS support
"""

# Candidate events: supp(u) for the top-K2 rules, narrowed by the temporal constraints $tcs (star+tc; an empty list
# for star), ranked by cosine.
RANK_RULE_SUPPORTS = (
    """
UNWIND $rule_ids AS rid
MATCH (r:Rule) WHERE id(r) = rid
MATCH (r)<-[:SUPPORTS]-(n:Event)
WHERE n.embedding IS NOT NULL AND """
    + temporal_filter("n", "Event")
    + " AND "
    + kind_filter("n", "Event")
    + """
WITH DISTINCT n
WITH n, vector.similarity.cosine(n.embedding, $qvec) AS score
"""
    + item_return("Event")
)

EDGES_AMONG = """
MATCH (u:Rule)-[x:RULE_EDGE]->(v:Rule)
WHERE id(u) IN $ids AND id(v) IN $ids
RETURN u.key AS source, v.key AS target, x.weight AS weight, x.spans AS spans, x.rate AS rate
"""

# The rule graph for the in-process PPR (retrievers/star/sparse_ppr.py): node ids and weighted edges, as the GDS
# projection reads them (the projection is UNDIRECTED: the caller adds the reverse of each edge).
# One row of three lists each: far fewer records to decode than a row per node or edge.
RULE_NODE_IDS = "MATCH (r:Rule) WITH id(r) AS id ORDER BY id RETURN collect(id) AS ids"
RULE_EDGE_LIST = (
    "MATCH (a:Rule)-[e:RULE_EDGE]->(b:Rule) RETURN collect(id(a)) AS s, collect(id(b)) AS t, collect(e.weight) AS w"
)

# The supports and their vectors for star's in-process candidate ranking (retrievers/star/support_index.py): every
# (rule, supporting event) pair as one row of two lists, then the vectors of the supporting events by node id, a page
# at a time (events without a vector are dropped there).
SUPPORT_PAIRS = "MATCH (e:Event)-[:SUPPORTS]->(r:Rule) RETURN collect(id(r)) AS rules, collect(id(e)) AS events"
EVENT_VECTORS_BY_ID = """
UNWIND $ids AS id
MATCH (e:Event) WHERE id(e) = id AND e.embedding IS NOT NULL
RETURN id, e.key AS key, e.embedding AS vector, e.valid_from AS day
"""

# Candidates ranked in-process, best first ($rows: id, key, score), through the temporal filter $tcs and the kind
# filter $kinds; the key check guards against a node id reused since the export.
RANK_GIVEN_SUPPORTS = (
    """
UNWIND $rows AS row
MATCH (n:Event) WHERE id(n) = row.id AND n.key = row.key AND """
    + temporal_filter("n", "Event")
    + " AND "
    + kind_filter("n", "Event")
    + """
WITH n, row.score AS score
"""
    + item_return("Event")
)

# The grounded anchor events a question names, as item rows (star's `include_anchor`): only the kind filter applies.
EVENT_ITEMS_BY_KEY = (
    """
UNWIND $keys AS key
MATCH (n:Event {key: key}) WHERE """
    + kind_filter("n", "Event")
    + """
WITH n, 1.0 AS score
"""
    + item_return("Event")
)

# Keys of events by node id, in the order given (benchmarks of graph-only stores).
EVENT_KEYS_BY_ID = "UNWIND $ids AS id MATCH (e:Event) WHERE id(e) = id RETURN collect(e.key) AS keys"
