"""The demo job (grown by each subsystem): server, schema, sample data, retrieval, PageRank."""
