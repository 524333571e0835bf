"""Sentence nodes of passages (MRAG): splitting them at ingestion and reading them back for ranking.

``(:Passage {sentence_count})-[:HAS_SENTENCE]->(:Sentence {key, passage_key, position, text, title, dates, years,
date_min, date_max, embedding})``. ``Passage.sentence_count`` is set in the same transaction as its sentences, so
"passages still to split" is simply ``sentence_count IS NULL`` and an interrupted split resumes by running again.
"""

from __future__ import annotations

from tkgrag.queries.retrieval import ITEM_RETURN
from tkgrag.queries.temporal_filter import temporal_filter

# Passages not split yet, paged by key.
UNSPLIT_PASSAGES = """
MATCH (p:Passage)
WHERE p.key > $after AND p.sentence_count IS NULL AND p.text IS NOT NULL
RETURN p.key AS key, p.title AS title, p.text AS text
ORDER BY p.key
LIMIT $limit
"""

COUNT_UNSPLIT_PASSAGES = "MATCH (p:Passage) WHERE p.sentence_count IS NULL AND p.text IS NOT NULL RETURN count(p) AS n"

# $passages: [{key, sentences: [row]}]. MERGE keeps a re-run from duplicating anything.
MERGE_SENTENCES = """
UNWIND $passages AS row
MATCH (p:Passage {key: row.key})
SET p.sentence_count = size(row.sentences)
WITH p, row
UNWIND row.sentences AS s
MERGE (n:Sentence {key: s.key})
  ON CREATE SET n.passage_key = s.passage_key, n.position = s.position, n.text = s.text, n.title = s.title,
    n.dates = s.dates, n.years = s.years, n.date_min = s.date_min, n.date_max = s.date_max
MERGE (p)-[:HAS_SENTENCE]->(n)
RETURN count(n) AS sentences
"""

# `tkgrag doctor`: passages not split yet and sentences without a vector (MRAG ranks those passages whole).
SENTENCE_COVERAGE = """
CALL () { MATCH (p:Passage) RETURN count(p) AS passages, count(p) - count(p.sentence_count) AS unsplit }
CALL () { MATCH (s:Sentence) RETURN count(s) AS sentences, count(s) - count(s.embedding) AS unembedded }
RETURN passages, unsplit, sentences, unembedded
"""

COUNT_SENTENCES = "MATCH (s:Sentence) RETURN count(s) AS n, count(s.embedding) AS embedded"

# MRAG's candidates: the top $n passages by the main content through the passage index; with $prefilter the temporal
# filter ($tcs, the one builder) must hold too. Each comes with its item row and its sentences in order (text, years,
# and their similarity to the main content, computed here: shipping a few hundred 384-float vectors to Python costs
# ~10x the whole query). ``vector.similarity.cosine`` is (1 + cos) / 2, like the index's score; null when the sentence
# has no embedding yet. Each row is the passage's key and first-stage score plus ``sentences`` (position, years,
# dates, similarity): what the semantic x temporal ranking reads. No texts: decoding the texts of 100 passages and
# their sentences in Python was most of the query's time, for passages that are mostly not returned; MRAG_TEXTS
# fetches the item rows and sentence texts of those that are.
MRAG_CANDIDATES = (
    """
CALL db.index.vector.queryNodes('passage_embedding', $n, $qvec) YIELD node AS n, score
WITH n, score WHERE NOT $prefilter OR """
    + temporal_filter("n", "Passage")
    + """
WITH n, score ORDER BY score DESC, n.key ASC LIMIT $candidates
CALL (n) {
  OPTIONAL MATCH (n)-[:HAS_SENTENCE]->(s:Sentence)
  WITH s ORDER BY s.position
  RETURN collect(CASE WHEN s IS NULL THEN null ELSE
                 {position: s.position, years: s.years, dates: s.dates,
                  similarity: vector.similarity.cosine(s.embedding, $qvec)} END) AS sentences
}
RETURN n.key AS key, score, sentences
ORDER BY score DESC, key ASC
"""
)

# The item rows (``ITEM_RETURN``, score null: the ranking's score replaces it) of the passages MRAG returns, with
# their sentences' texts by position (``texts``).
MRAG_TEXTS = (
    """
UNWIND $keys AS key
MATCH (n:Passage {key: key})
WITH n, null AS score
CALL (n) {
  OPTIONAL MATCH (n)-[:HAS_SENTENCE]->(s:Sentence)
  RETURN collect(CASE WHEN s IS NULL THEN null ELSE [s.position, s.text] END) AS texts
}
"""
    + ITEM_RETURN["Passage"].rstrip()
    + """, texts
"""
)
