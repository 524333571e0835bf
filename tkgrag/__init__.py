"""tkgrag: temporal knowledge-graph retrieval-augmented QA on Neo4j."""

__version__ = "0.1.0"
