"""Ingestion: source readers -> validation -> batches -> (embeddings) -> idempotent writes, with rejects and resume."""
