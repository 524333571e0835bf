"""Queries for housekeeping: versions, procedures, indexes, clearing a database."""

GDS_VERSION = "RETURN gds.version() AS version"

SERVER_COMPONENTS = "CALL dbms.components() YIELD name, versions, edition RETURN name, versions[0] AS version, edition"

GDS_PROCEDURE_COUNT = "SHOW PROCEDURES YIELD name WHERE name STARTS WITH 'gds.' RETURN count(*) AS n"

PROCEDURES_NAMED = "SHOW PROCEDURES YIELD name WHERE name IN $names RETURN name ORDER BY name"

INDEXES = (
    "SHOW INDEXES YIELD name, type, state, labelsOrTypes, properties, options "
    "RETURN name, type, state, labelsOrTypes, properties, options ORDER BY name"
)

# Deletes in batches so a large graph does not need one huge transaction.
DELETE_ALL_NODES = "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS"

GDS_GRAPH_NAMES = "CALL gds.graph.list() YIELD graphName RETURN graphName"

GDS_GRAPH_DROP = "CALL gds.graph.drop($name, false) YIELD graphName RETURN graphName"
