"""EXAQT (Jia et al., "Complex Temporal Question Answering on Knowledge Graphs", CIKM 2021), Stage 1 on Neo4j + GDS
and a symbolic or small learned Stage 2: question entities by a dictionary spotter and dense NERD, question-relevant
facts by the bi-encoder, Group Steiner Trees in GDS over the candidate subgraph, completion, temporal fact
enhancement (the answer graph), and answers ranked with the question's temporal constraint applied exactly.
``retriever.ExaqtRetriever`` is the entry point; ``config.ExaqtConfig`` its recipe knobs."""
