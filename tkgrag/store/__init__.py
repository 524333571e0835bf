"""Access to Neo4j: connection and sessions, schema, and batched parameterised writes."""

from tkgrag.store.connection import Store, connect

__all__ = ["Store", "connect"]
