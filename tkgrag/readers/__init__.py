"""Readers turn a retrieval into ranked answers: `symbolic` (no LLM, exact temporal operators) or `llm`."""
