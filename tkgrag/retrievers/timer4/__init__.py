"""TimeR4 (Qian et al., EMNLP 2024): retrieve (FKS) -> rewrite -> time-aware retrieve (TKS) -> rerank (Eq. 10)."""
