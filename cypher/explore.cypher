// tkgrag: queries to look at the graph in Neo4j Browser.
//
// On the managed instance these queries open by themselves as a Browser guide after login (the URL that
// `tkgrag neo4j status` prints; tkgrag/server/browser_guide.py renders the guide from this file). On another server,
// paste the whole file, or one ":param" block and the query after it. The example values come from the bundled
// samples; load them first:
//   tkgrag ingest facts tkgrag/data/facts_sample.jsonl
//   tkgrag ingest corpus tkgrag/data/corpus_sample.jsonl --edges tkgrag/data/corpus_edges_sample.tsv
//   tkgrag ingest passages tkgrag/data/passages_sample.jsonl
// Every query here is run by tests/integration/test_explore_cypher.py on those samples. A query whose comment says
// "may be empty" is allowed to return no rows there; every other one must return rows.
// The graph model is described in cypher/README.md.

// ---- parameters (Browser: run these once; they stay set for the session) -----------------------------------------
:param entity => 'Q7747';
:param entity_name => 'Putin';
:param from => date('1999-01-01');
:param to => date('2004-12-31');
:param relation => 'position held';
:param qualified_subject => 'Q318226';
:param qualifier_predicate => 'nominee';
:param qualifier_value => 'Q7546';
:param literal_relation => 'population';
:param chunk => 'brin98anatomy#0';
:param document => 'Namibia';
:param passage => '/wiki/Newton_D._Baker_House#1';
:param year => '1916';
:param as_of => datetime();

// ---- overview ---------------------------------------------------------------------------------------------------

// What is in the graph: nodes per label.
MATCH (n)
RETURN labels(n)[0] AS label, count(*) AS nodes
ORDER BY nodes DESC;

// Ingestion runs, newest first: what was read, written, rejected, and where the rejects went.
MATCH (r:IngestRun)
RETURN r.id AS run, r.source AS source, r.format AS format, r.status AS status, r.started_at AS started,
       r.read AS read, r.written AS written, r.duplicates AS duplicates, r.rejected AS rejected, r.rejects_path AS rejects
ORDER BY r.started_at DESC;

// ---- entities and their timelines -------------------------------------------------------------------------------

// Find an entity by (part of) its name through the full-text index entity_names (names and aliases).
CALL db.index.fulltext.queryNodes('entity_names', $entity_name) YIELD node, score
RETURN node.key AS key, node.name AS name, score
ORDER BY score DESC
LIMIT 10;

// An entity's timeline: every fact it is the subject or object of, in time order (open starts sort last).
MATCH (x:Entity {key: $entity})<-[role:SUBJECT|OBJECT]-(e:Event)
OPTIONAL MATCH (e)-[:SUBJECT|OBJECT]->(other:Entity) WHERE other <> x
RETURN e.valid_from AS valid_from, e.valid_to AS valid_to, e.granularity AS granularity, type(role) AS role,
       e.relation AS relation, coalesce(other.name, e.object_value) AS other, e.text AS text
ORDER BY valid_from ASC, valid_to ASC;

// The same timeline as a graph (switch Browser to the graph view).
MATCH p = (x:Entity {key: $entity})<-[:SUBJECT|OBJECT]-(:Event)-[:SUBJECT|OBJECT|QUALIFIER]->()
RETURN p
LIMIT 50;

// ---- time ------------------------------------------------------------------------------------------------------

// Facts that START between two dates: a seek on the range index event_valid_from (PROFILE shows NodeIndexSeekByRange).
MATCH (e:Event)
USING INDEX e:Event(valid_from)
WHERE e.valid_from >= $from AND e.valid_from <= $to
RETURN e.valid_from AS valid_from, e.valid_to AS valid_to, e.text AS text
ORDER BY valid_from, text
LIMIT 50;

// Facts TRUE AT SOME TIME between two dates: closed intervals that overlap [$from, $to]. A null end is open
// (a fact "since 1999" overlaps every later period; one with no time at all overlaps everything), the same rule as
// the retrievers' temporal filter (tkgrag/queries/temporal_filter.py).
MATCH (e:Event)
WHERE (e.valid_from IS NULL OR e.valid_from <= $to) AND (e.valid_to IS NULL OR e.valid_to >= $from)
RETURN e.valid_from AS valid_from, e.valid_to AS valid_to, e.granularity AS granularity, e.text AS text
ORDER BY valid_from, text
LIMIT 50;

// Facts of one relation over time (range index event_relation).
MATCH (e:Event {relation: $relation})-[:SUBJECT]->(s:Entity)
OPTIONAL MATCH (e)-[:OBJECT]->(o:Entity)
RETURN s.name AS subject, o.name AS object, e.valid_from AS valid_from, e.valid_to AS valid_to
ORDER BY valid_from
LIMIT 50;

// Facts with no time at all (both ends open): they overlap every period ('during' admits them) but are never
// certainly before or after one (tkgrag/queries/temporal_filter.py).
MATCH (e:Event)
WHERE e.valid_from IS NULL AND e.valid_to IS NULL
RETURN e.relation AS relation, count(*) AS facts
ORDER BY facts DESC;

// ---- n-ary facts and qualifiers ---------------------------------------------------------------------------------

// A fact with its qualifiers: entity-valued ones point at an Entity, literal and time ones at a Value node.
MATCH (s:Entity {key: $qualified_subject})<-[:SUBJECT]-(e:Event)
OPTIONAL MATCH (e)-[:OBJECT]->(o:Entity)
OPTIONAL MATCH (e)-[q:QUALIFIER]->(v)
RETURN e.text AS fact, o.name AS object, e.valid_from AS valid_from, e.valid_to AS valid_to,
       collect({predicate: q.predicate, property: q.predicate_id,
                value: CASE WHEN v:Entity THEN v.name ELSE v.value END, datatype: coalesce(v.datatype, 'entity')})
         AS qualifiers;

// Find a fact by one of its qualifiers (here: the nomination whose nominee is Ingmar Bergman, Q7546).
// $qualifier_predicate matches the label ("nominee") or the property id ("P2453").
MATCH (e:Event)-[q:QUALIFIER]->(v:Entity {key: $qualifier_value})
WHERE q.predicate = $qualifier_predicate OR q.predicate_id = $qualifier_predicate
MATCH (e)-[:SUBJECT]->(s:Entity)
OPTIONAL MATCH (e)-[:OBJECT]->(o:Entity)
RETURN s.name AS subject, e.relation AS relation, o.name AS object, e.valid_from AS valid_from, v.name AS qualifier;

// Which qualifier predicates occur, and how often.
MATCH ()-[q:QUALIFIER]->(v)
RETURN q.predicate AS predicate, q.predicate_id AS property, CASE WHEN v:Entity THEN 'entity' ELSE v.datatype END AS kind,
       count(*) AS uses
ORDER BY uses DESC;

// Facts with a literal object (a quantity or string in Event.object_value, no OBJECT edge), e.g. populations.
MATCH (e:Event {relation: $literal_relation})-[:SUBJECT]->(s:Entity)
WHERE e.object_value IS NOT NULL
RETURN s.name AS subject, e.object_value AS value, e.valid_from AS valid_from
ORDER BY subject, valid_from;

// Facts that read like a given one: the event_embedding vector index (needs embeddings: ingest without --no-embed).
MATCH (x:Entity {key: $entity})<-[:SUBJECT]-(e:Event)
WHERE e.embedding IS NOT NULL
WITH e ORDER BY e.valid_from LIMIT 1
CALL db.index.vector.queryNodes('event_embedding', 6, e.embedding) YIELD node, score
RETURN e.text AS fact, node.text AS similar, score
ORDER BY score DESC;

// ---- corpus graphs ---------------------------------------------------------------------------------------------

// A document and its chunks in order.
MATCH (d:Document {key: $document})-[:HAS_CHUNK]->(c:Chunk)
RETURN d.title AS document, c.position AS position, c.key AS chunk, left(c.text, 120) AS text
ORDER BY position;

// A chunk's references: what it cites (out) and what cites it (in).
MATCH (c:Chunk {key: $chunk})-[r:REFERENCES]-(other:Chunk)<-[:HAS_CHUNK]-(d:Document)
RETURN CASE WHEN startNode(r) = c THEN 'cites' ELSE 'cited by' END AS direction, r.kind AS kind,
       d.key AS document, d.class AS class, left(other.text, 80) AS text
ORDER BY direction, document;

// Two steps along references from a chunk (the neighbourhood a corpus-graph retriever expands).
MATCH p = (c:Chunk {key: $chunk})-[:REFERENCES*1..2]-(:Chunk)
RETURN p
LIMIT 50;

// The most cited chunks.
MATCH (c:Chunk)<-[r:REFERENCES]-()
RETURN c.key AS chunk, count(r) AS cited_by
ORDER BY cited_by DESC, chunk
LIMIT 10;

// Chunks like a given one: the chunk_embedding vector index.
MATCH (c:Chunk {key: $chunk})
WHERE c.embedding IS NOT NULL
CALL db.index.vector.queryNodes('chunk_embedding', 6, c.embedding) YIELD node, score
WHERE node <> c
RETURN node.key AS chunk, left(node.text, 80) AS text, score
ORDER BY score DESC;

// ---- FastInsight on the corpus graph -----------------------------------------------------------------------------

// Degrees of the chunk graph, read as undirected (deg_E of GRanker's reciprocal-degree weights and STeX's C_max).
MATCH (c:Chunk)
WITH c, COUNT { (c)-[:REFERENCES]-(:Chunk) } AS degree
RETURN degree, count(*) AS chunks
ORDER BY degree;

// Mention edges written by `tkgrag corpus link` (a chunk names another document's title).
// May be empty: only after `tkgrag corpus link`.
MATCH (a:Chunk)-[r:REFERENCES {kind: 'mentions'}]->(b:Chunk)<-[:HAS_CHUNK]-(d:Document)
RETURN a.key AS chunk, d.title AS mentions_document, b.key AS target, left(a.text, 100) AS text
LIMIT 25;

// STeX's candidates around a retrieved set: the 10 chunks closest to $chunk stand in for a query's top-10; their
// neighbours outside the set with |A(n)| (retrieved neighbours: the bridging term) and deg_E(n).
// May be empty: when no chunk of the set has a neighbour outside it.
MATCH (c:Chunk {key: $chunk})
CALL db.index.vector.queryNodes('chunk_embedding', 10, c.embedding) YIELD node
WITH collect(node) AS retrieved
UNWIND retrieved AS r
MATCH (r)-[:REFERENCES]-(n:Chunk)
WHERE NOT n IN retrieved
WITH n, count(DISTINCT r) AS adjacent_retrieved
RETURN n.key AS candidate, adjacent_retrieved, COUNT { (n)-[:REFERENCES]-(:Chunk) } AS degree,
       left(n.text, 80) AS text
ORDER BY adjacent_retrieved DESC, degree ASC, candidate
LIMIT 20;

// ---- passages and their dates ----------------------------------------------------------------------------------

// A passage's dates: the labels found in its text, and their earliest start / latest end.
MATCH (p:Passage {key: $passage})
RETURN p.title AS title, p.dates AS dates, p.date_min AS date_min, p.date_max AS date_max, p.text AS text;

// Passages whose date range overlaps [$from, $to] (no index on these yet: a label scan, fine for thousands).
MATCH (p:Passage)
WHERE p.date_min <= $to AND p.date_max >= $from
RETURN p.key AS passage, p.dates AS dates
ORDER BY p.date_min
LIMIT 25;

// Passages that mention a given year (a year, a day or month in it, or a range starting with it).
MATCH (p:Passage)
WHERE any(d IN p.dates WHERE d STARTS WITH $year)
RETURN p.key AS passage, p.title AS title, p.dates AS dates;

// ---- sentences (MRAG's ranking unit) --------------------------------------------------------------------------

// A passage's sentences in order, with the years each mentions (split and dated at ingestion).
MATCH (p:Passage {key: $passage})-[:HAS_SENTENCE]->(s:Sentence)
RETURN s.position AS position, s.years AS years, s.text AS text
ORDER BY position;

// Sentences that mention a given year, with their passage (what MRAG's temporal score reads).
MATCH (s:Sentence)
WHERE toInteger($year) IN s.years
RETURN s.passage_key AS passage, s.years AS years, s.text AS text
LIMIT 25;

// The sentences closest in meaning to a passage's first sentence, through the sentence vector index.
MATCH (:Passage {key: $passage})-[:HAS_SENTENCE]->(s:Sentence {position: 0})
CALL db.index.vector.queryNodes('sentence_embedding', 6, s.embedding) YIELD node, score
WHERE node <> s
RETURN node.passage_key AS passage, left(node.text, 80) AS text, score
ORDER BY score DESC;

// ---- record time: what the graph knew as of a date ------------------------------------------------------------

// Facts the graph knew at $as_of, per source and run: recorded by then and not yet closed by a sync (record time:
// recorded_from / recorded_to, null = open; the same rule as tkgrag/queries/temporal_filter.py).
MATCH (e:Event)
WHERE coalesce(e.recorded_from <= $as_of, true) AND coalesce(e.recorded_to > $as_of, true)
MATCH (r:IngestRun {id: e.run_id})
RETURN e.source AS source, r.id AS run, r.started_at AS run_started, count(e) AS facts
ORDER BY run_started;

// An entity's timeline as the graph knew it at $as_of (facts recorded later, or closed by then, are left out).
MATCH (x:Entity {key: $entity})<-[:SUBJECT|OBJECT]-(e:Event)
WHERE coalesce(e.recorded_from <= $as_of, true) AND coalesce(e.recorded_to > $as_of, true)
RETURN e.valid_from AS valid_from, e.valid_to AS valid_to, e.text AS text, e.recorded_from AS known_since,
       e.recorded_to AS believed_until
ORDER BY valid_from;

// Runs completed by $as_of and what each added.
MATCH (r:IngestRun)
WHERE r.finished_at <= $as_of AND r.status = 'completed'
RETURN r.source AS source, r.format AS format, r.written AS written, r.finished_at AS finished
ORDER BY finished;

// ---- STAR-RAG rule graph ----------------------------------------------------------------------------------------

// Rules and their strongest successors, with the events that support them.
// May be empty: the rule graph is built later (`tkgrag rules build`), not by ingestion.
MATCH (a:Rule)-[w:RULE_EDGE]->(b:Rule)
OPTIONAL MATCH (ev:Event)-[:SUPPORTS]->(a)
RETURN a.c_s + ' -' + a.relation + '-> ' + a.c_o AS rule, a.support AS support,
       b.c_s + ' -' + b.relation + '-> ' + b.c_o AS next_rule, w.weight AS weight, count(ev) AS supporting_events
ORDER BY weight DESC
LIMIT 25;
