"""Mapped sources: a user's own Neo4j graph or table, synced into the store with record time (``sync.sync_mapped``;
the mapping file is ``tkgrag.sources.mapping``)."""
