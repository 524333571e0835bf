"""GDS calls: projections in the graph catalog and personalized PageRank.

Labels, relationship types and property names reach GDS as parameter values (strings in a config map),
never pasted into the query text.
"""

GRAPH_EXISTS = "CALL gds.graph.exists($name) YIELD exists RETURN exists"

GRAPH_PROJECT = (
    "CALL gds.graph.project($name, $nodeProjection, $relationshipProjection) "
    "YIELD graphName, nodeCount, relationshipCount RETURN graphName, nodeCount, relationshipCount"
)

GRAPH_DROP = "CALL gds.graph.drop($name, false) YIELD graphName RETURN graphName"

# Weighted personalization by linearity: GDS 2.13 takes `sourceNodes` without weights, and PPR is linear in the
# restart vector, so PPR(gamma) = sum_i gamma_i * PPR(e_i). One round trip runs every single-source PPR.
WEIGHTED_PPR_STREAM = """
WITH $config AS config
UNWIND $seeds AS seed
CALL gds.pageRank.stream($graph, config{.*, sourceNodes: [seed.nodeId]}) YIELD nodeId, score
WITH nodeId, sum(seed.weight * score) AS score
WHERE score > 0
RETURN nodeId, score ORDER BY score DESC, nodeId ASC
"""
