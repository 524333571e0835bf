"""Cross-encoder rerankers: the latents/head split GRanker needs, and `tkgrag train reranker`."""
