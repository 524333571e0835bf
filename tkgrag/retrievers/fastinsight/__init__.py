"""FastInsight (An, Hyun, Kim, SIGIR'26): corpus-graph retrieval interleaving GRanker (graph model-based search,
Alg. 2) and STeX (vector-graph search, Alg. 3) after an initial vector search (Alg. 1), on Neo4j."""
