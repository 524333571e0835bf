"""EXAQT's Cypher and GDS calls (``tkgrag/retrievers/exaqt/``): the facts of each question's entities scored for
relevance, a throw-away undirected projection of a batch of candidate subgraphs, Steiner trees and shortest paths on
it. Stage 1 runs for a batch of questions (``ExaqtPipeline.build_many``; one question is a batch of one), so the
per-question queries UNWIND ``$questions``.

Every value is a parameter; the projection name is made by the caller from a fixed prefix and a random hex suffix
and checked before it reaches GDS as a parameter. Node ids are Neo4j's internal ids (``id(n)``), the ids GDS
streams back for a Cypher projection; never stored. ``PROJECT_ID_EDGES`` projects a batch of questions with each
question's ids shifted by an offset of its own (``gst.group_steiner_trees_many``), shifted back on the way out.
"""

from __future__ import annotations

from tkgrag.queries.retrieval import item_return
from tkgrag.queries.temporal_filter import record_filter

# The facts (Event nodes) of each question's entities (``$questions``: ``{index, entities, qvec}``), wherever the
# entity stands (subject, object or an entity-valued qualifier), scored by cosine to the question's vector and cut at
# ``$limit``, in one round trip for many questions; the caller orders each question's rows (score desc, key asc, the
# order here) and cuts a smaller limit of its own. ``$temporal_only`` keeps facts with a time (a start, an end or a
# point in time: the qualifiers ingestion consumed into valid_from/valid_to). Record time: the current versions when
# ``$as_of_record`` is null, else the versions recorded at that instant (``temporal_filter.record_filter``; the other
# queries read facts these and DENSE_FACT_ENTITIES_MANY returned). Each row carries the fact's and its entities' node
# ids for the projection.
FACTS_OF_ENTITIES_MANY = (
    """
UNWIND $questions AS qq
CALL (qq) {
  UNWIND qq.entities AS ek
  MATCH (:Entity {key: ek})<-[:SUBJECT|OBJECT|QUALIFIER]-(n:Event)
  WITH DISTINCT n
  WHERE n.embedding IS NOT NULL AND (NOT $temporal_only OR n.valid_from IS NOT NULL OR n.valid_to IS NOT NULL)
    AND """
    + record_filter("n")
    + """
  WITH n, vector.similarity.cosine(n.embedding, qq.qvec) AS score
  ORDER BY score DESC, n.key ASC
  LIMIT $limit
  RETURN n, score
}
RETURN qq.index AS q, n.key AS key, id(n) AS id, score, n.relation AS relation, n.valid_from AS valid_from,
       n.valid_to AS valid_to, toString(n.object_value) AS value,
       [(n)-[:SUBJECT|OBJECT|QUALIFIER]->(x:Entity) | {key: x.key, id: id(x), name: coalesce(x.name, x.key)}]
         AS entities
"""
)

# The item rows (``queries.retrieval.ITEM_RETURN``) of the answer graph's facts, each with the score given.
FACT_ITEMS = """
UNWIND $facts AS f
MATCH (n:Event {key: f.key})
WITH n, f.score AS score
""" + item_return("Event")

# Many questions' candidate subgraphs in one projection (one GDS catalog entry instead of one per question, whose
# fixed cost was most of Stage 1's time): the nodes are given as integers, each question's Neo4j node ids shifted by
# an offset of its own, so the questions' subgraphs are disjoint components even where they share a fact or an
# entity, and within a component the ids keep their order (``gst.group_steiner_trees_many``).
PROJECT_ID_EDGES = """
UNWIND $edges AS e
WITH gds.graph.project($graph, e.source, e.target, {relationshipProperties: {cost: e.cost}},
                       {undirectedRelationshipTypes: ['*']}) AS g
RETURN g.graphName AS graph, g.nodeCount AS nodes, g.relationshipCount AS relationships
"""

DROP_GRAPH = "CALL gds.graph.drop($graph, false) YIELD graphName RETURN graphName"

# One Steiner tree per terminal choice (a root and its targets): the tree's relationships as (node, parent, weight)
# rows, the root's row included (its parent is itself).
STEINER_TREES = """
UNWIND $choices AS choice
CALL gds.steinerTree.stream($graph, {
  sourceNode: choice.source, targetNodes: choice.targets, relationshipWeightProperty: 'cost', concurrency: 1
})
YIELD nodeId, parentId, weight
RETURN choice.index AS choice, collect([nodeId, parentId, weight]) AS edges
"""

# The cheapest path between pairs of nodes (connectivity between the trees' components).
SHORTEST_PATHS = """
UNWIND $pairs AS pair
CALL gds.shortestPath.dijkstra.stream($graph, {
  sourceNode: pair.source, targetNode: pair.target, relationshipWeightProperty: 'cost', concurrency: 1
})
YIELD totalCost, nodeIds
RETURN pair.index AS pair, totalCost AS cost, nodeIds AS nodes
"""

# The cosine of each question's given facts (``$questions``: ``{index, keys, qvec}``; an implicit anchor's words) to
# its vector, the top 5 of each, for many questions; the caller orders each question's rows (score desc, key asc).
FACT_COSINES_MANY = """
UNWIND $questions AS qq
CALL (qq) {
  UNWIND qq.keys AS k
  MATCH (n:Event {key: k})
  WHERE n.embedding IS NOT NULL AND (n.valid_from IS NOT NULL OR n.valid_to IS NOT NULL)
  WITH n.key AS key, vector.similarity.cosine(n.embedding, qq.qvec) AS score
  ORDER BY score DESC, key ASC
  LIMIT 5
  RETURN key, score
}
RETURN qq.index AS q, key, score
"""

# Dense NERD for many questions in one round trip (``$questions``: ``{index, qvec}``): the entities of the top facts
# of the fact vector index (subject, object, entity qualifiers) by each question's vector, of the facts recorded at
# ``$as_of_record`` (null: the current ones); the caller orders each question's rows (score desc, key asc).
DENSE_FACT_ENTITIES_MANY = (
    """
UNWIND $questions AS qq
CALL (qq) {
  CALL db.index.vector.queryNodes('event_embedding', $n, qq.qvec) YIELD node AS n, score
  WITH n, score WHERE """
    + record_filter("n")
    + """
  WITH n, score ORDER BY score DESC, n.key ASC LIMIT $k
  MATCH (n)-[:SUBJECT|OBJECT|QUALIFIER]->(x:Entity)
  RETURN x.key AS key, coalesce(x.name, x.key) AS name, max(score) AS score
}
RETURN qq.index AS q, key, name, score
"""
)

# The dictionary of EXAQT's NERD (``retrievers.exaqt.lexicon``): every entity that a fact names, with its name,
# aliases and number of facts (the commonness prior between entities sharing a name). Read once per graph version.
ENTITY_LEXICON = """
MATCH (x:Entity)
WITH x, COUNT { (x)<-[:SUBJECT|OBJECT|QUALIFIER]-(:Event) } AS degree
WHERE degree > 0
RETURN x.key AS key, coalesce(x.name, x.key) AS name, coalesce(x.aliases, []) AS aliases, degree
"""

# The graph's version for the NERD dictionary's cache: event and entity counts (count-store lookups, O(1)).
GRAPH_COUNTS = """
CALL () { MATCH (e:Event) RETURN count(e) AS events }
CALL () { MATCH (x:Entity) RETURN count(x) AS entities }
RETURN events, entities
"""

# The stored texts of some facts (what the fact index embedded): the relevance model's training pairs.
FACT_TEXTS = """
UNWIND $keys AS k
MATCH (n:Event {key: k})
RETURN n.key AS key, n.text AS text
"""
