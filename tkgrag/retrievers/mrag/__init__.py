"""MRAG (Zhang et al., "MRAG: A Modular Retrieval Framework for Time-Sensitive Question Answering"): main content /
temporal constraint split, passage retrieval by the main content, sentence-level semantic x temporal hybrid ranking,
optional LLM query-focused summaries. ``retriever.MragRetriever`` is the entry point; ``config.MragConfig`` its
recipe knobs."""
