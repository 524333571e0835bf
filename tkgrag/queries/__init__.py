"""All Cypher that tkgrag's code sends, one module per area, each query a named constant with parameters.

Nothing outside this package writes Cypher. Labels and relationship types are fixed here; values always travel as
parameters. Human-facing queries for Neo4j Browser live in ``cypher/explore.cypher``.
"""
