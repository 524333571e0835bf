// tkgrag schema: constraints and indexes. Applied idempotently by `tkgrag schema apply` and on first connect.
// Every statement is IF NOT EXISTS. {dimensions} is filled with the embedding model's dimension
// (an integer validated in Python; index OPTIONS take no query parameters).

// ---- entities ------------------------------------------------------------------------------------------
CREATE CONSTRAINT entity_key IF NOT EXISTS FOR (e:Entity) REQUIRE e.key IS UNIQUE;
// Entity linking: full-text over names and aliases ("Danish Ministry of Defence" -> Defense_/_Security_Ministry_(Denmark)).
CREATE FULLTEXT INDEX entity_names IF NOT EXISTS FOR (e:Entity) ON EACH [e.name, e.aliases_text];

// ---- events / facts (s, r, o, [valid_from, valid_to]) ---------------------------------------------------
CREATE CONSTRAINT event_key IF NOT EXISTS FOR (e:Event) REQUIRE e.key IS UNIQUE;
// Range queries over validity run on these indexes (cypher/explore.cypher); retrievers use tkgrag/queries/temporal_filter.py.
CREATE INDEX event_valid_from IF NOT EXISTS FOR (e:Event) ON (e.valid_from);
CREATE INDEX event_valid_to IF NOT EXISTS FOR (e:Event) ON (e.valid_to);
CREATE INDEX event_relation IF NOT EXISTS FOR (e:Event) ON (e.relation);
// Record time: "what did the graph know as of D" and "what did run R write" (cypher/explore.cypher).
CREATE INDEX event_ingested_at IF NOT EXISTS FOR (e:Event) ON (e.ingested_at);
CREATE INDEX event_run_id IF NOT EXISTS FOR (e:Event) ON (e.run_id);
// The same fact from two sources is one Event (its key stays the first source's; Event.sources lists them all).
CREATE INDEX event_fact_key IF NOT EXISTS FOR (e:Event) ON (e.fact_key);
// Record time (transaction time): recorded_from = when this store learned a version, recorded_to = when a sync closed
// it (null = current). Every method's filter reads them (tkgrag/queries/temporal_filter.py); `tkgrag history KEY`
// lists an item's versions by item_key (mapped sources: one item, many versions).
CREATE INDEX event_recorded_from IF NOT EXISTS FOR (e:Event) ON (e.recorded_from);
CREATE INDEX event_recorded_to IF NOT EXISTS FOR (e:Event) ON (e.recorded_to);
CREATE INDEX event_item_key IF NOT EXISTS FOR (e:Event) ON (e.item_key);
CREATE INDEX event_source IF NOT EXISTS FOR (e:Event) ON (e.source);
CREATE VECTOR INDEX event_embedding IF NOT EXISTS FOR (e:Event) ON (e.embedding)
  OPTIONS {indexConfig: {`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}};

// ---- corpus graphs and passages -------------------------------------------------------------------------
CREATE CONSTRAINT document_key IF NOT EXISTS FOR (d:Document) REQUIRE d.key IS UNIQUE;
CREATE CONSTRAINT chunk_key IF NOT EXISTS FOR (c:Chunk) REQUIRE c.key IS UNIQUE;
CREATE CONSTRAINT passage_key IF NOT EXISTS FOR (p:Passage) REQUIRE p.key IS UNIQUE;
// Passages by the dates their text mentions (temporal filters on passages).
CREATE INDEX passage_date_min IF NOT EXISTS FOR (p:Passage) ON (p.date_min);
CREATE INDEX passage_date_max IF NOT EXISTS FOR (p:Passage) ON (p.date_max);
CREATE INDEX passage_recorded_to IF NOT EXISTS FOR (p:Passage) ON (p.recorded_to);
CREATE INDEX passage_item_key IF NOT EXISTS FOR (p:Passage) ON (p.item_key);
// The `auto` planner's rule T: a page or document whose title the question writes, found by the title's key
// (tkgrag/title_keys.py: case-folded words, a trailing "(...)" dropped), one seek per question (TITLES_BY_KEY in
// tkgrag/queries/inventory.py). Written at ingest; `tkgrag prepare` fills older stores.
CREATE RANGE INDEX passage_title_key IF NOT EXISTS FOR (p:Passage) ON (p.title_key);
CREATE RANGE INDEX document_title_key IF NOT EXISTS FOR (d:Document) ON (d.title_key);
// `tkgrag corpus link`: a chunk mentions a document when the phrase of its title is in the chunk text.
CREATE FULLTEXT INDEX chunk_text IF NOT EXISTS FOR (c:Chunk) ON EACH [c.text];
CREATE VECTOR INDEX chunk_embedding IF NOT EXISTS FOR (c:Chunk) ON (c.embedding)
  OPTIONS {indexConfig: {`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX passage_embedding IF NOT EXISTS FOR (p:Passage) ON (p.embedding)
  OPTIONS {indexConfig: {`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}};
// MRAG's ranking unit: a passage's sentences, (:Passage)-[:HAS_SENTENCE]->(:Sentence {position, years}), split once at
// ingestion (`tkgrag ingest sentences`); their embeddings (title-prefixed) score sentences against the main content.
CREATE CONSTRAINT sentence_key IF NOT EXISTS FOR (s:Sentence) REQUIRE s.key IS UNIQUE;
CREATE INDEX passage_sentence_count IF NOT EXISTS FOR (p:Passage) ON (p.sentence_count);
CREATE VECTOR INDEX sentence_embedding IF NOT EXISTS FOR (s:Sentence) ON (s.embedding)
  OPTIONS {indexConfig: {`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}};

// ---- bookkeeping and derived structures -----------------------------------------------------------------
CREATE CONSTRAINT ingest_run_id IF NOT EXISTS FOR (r:IngestRun) REQUIRE r.id IS UNIQUE;
// One live run per content: a run holds live_key (source, format, checksum) while it runs; a second process that tries
// to create or resume a run of the same content fails on this constraint instead of taking over the live one.
CREATE CONSTRAINT ingest_run_live IF NOT EXISTS FOR (r:IngestRun) REQUIRE r.live_key IS UNIQUE;
CREATE CONSTRAINT rule_key IF NOT EXISTS FOR (r:Rule) REQUIRE r.key IS UNIQUE;
