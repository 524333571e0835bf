"""Cypher of the service (`tkgrag serve`, `tkgrag mcp`)."""

# Count-store lookups (constant time): what the store holds, for /v1/status.
STORE_COUNTS = """
CALL () { MATCH (n:Entity) RETURN count(n) AS entities }
CALL () { MATCH (n:Event) RETURN count(n) AS events }
CALL () { MATCH (n:Passage) RETURN count(n) AS passages }
CALL () { MATCH (n:Chunk) RETURN count(n) AS chunks }
CALL () { MATCH (n:Rule) RETURN count(n) AS rules }
RETURN entities, events, passages, chunks, rules
"""
