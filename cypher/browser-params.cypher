// tkgrag: the explore guide's parameters taken from this store's own data (the Browser guide's "values from this
// store" block). Each picks an example the queries of explore.cypher find rows for, and falls back to the bundled
// samples' value (explore.cypher) where this store has no such item. Browser evaluates each expression on the
// server. tests/integration/test_explore_cypher.py runs every explore query with these values.
:param entity => coalesce(COLLECT { MATCH (e:Entity)<-[:SUBJECT]-(ev:Event) WHERE ev.valid_from IS NOT NULL WITH e, count(ev) AS n ORDER BY n DESC, e.key RETURN e.key LIMIT 1 }[0], 'Q7747');
:param entity_name => coalesce(COLLECT { MATCH (e:Entity)<-[:SUBJECT]-(ev:Event) WHERE ev.valid_from IS NOT NULL WITH e, count(ev) AS n ORDER BY n DESC, e.key RETURN coalesce(e.name, e.key) LIMIT 1 }[0], 'Putin');
:param from => coalesce(COLLECT { MATCH (e:Entity)<-[:SUBJECT]-(ev:Event) WHERE ev.valid_from IS NOT NULL WITH e, count(ev) AS n ORDER BY n DESC, e.key LIMIT 1 MATCH (e)<-[:SUBJECT]-(x:Event) RETURN min(x.valid_from) }[0], date('1999-01-01'));
:param to => coalesce(COLLECT { MATCH (e:Entity)<-[:SUBJECT]-(ev:Event) WHERE ev.valid_from IS NOT NULL WITH e, count(ev) AS n ORDER BY n DESC, e.key LIMIT 1 MATCH (e)<-[:SUBJECT]-(x:Event) RETURN max(coalesce(x.valid_to, x.valid_from)) }[0], date('2004-12-31'));
:param relation => coalesce(COLLECT { MATCH (e:Entity)<-[:SUBJECT]-(ev:Event) WHERE ev.valid_from IS NOT NULL WITH e, count(ev) AS n ORDER BY n DESC, e.key LIMIT 1 MATCH (e)<-[:SUBJECT]-(x:Event) WITH x.relation AS r, count(*) AS m ORDER BY m DESC, r RETURN r LIMIT 1 }[0], 'position held');
:param qualified_subject => coalesce(COLLECT { MATCH (s:Entity)<-[:SUBJECT]-(ev:Event)-[q:QUALIFIER]->(v:Entity) RETURN s.key ORDER BY ev.key, q.predicate, v.key LIMIT 1 }[0], 'Q318226');
:param qualifier_predicate => coalesce(COLLECT { MATCH (s:Entity)<-[:SUBJECT]-(ev:Event)-[q:QUALIFIER]->(v:Entity) RETURN q.predicate ORDER BY ev.key, q.predicate, v.key LIMIT 1 }[0], 'nominee');
:param qualifier_value => coalesce(COLLECT { MATCH (s:Entity)<-[:SUBJECT]-(ev:Event)-[q:QUALIFIER]->(v:Entity) RETURN v.key ORDER BY ev.key, q.predicate, v.key LIMIT 1 }[0], 'Q7546');
:param literal_relation => coalesce(COLLECT { MATCH (ev:Event) WHERE ev.object_value IS NOT NULL RETURN ev.relation ORDER BY ev.key LIMIT 1 }[0], 'population');
:param chunk => coalesce(COLLECT { MATCH (c:Chunk)-[:REFERENCES]-(:Chunk) RETURN c.key ORDER BY c.key LIMIT 1 }[0], 'brin98anatomy#0');
:param document => coalesce(COLLECT { MATCH (d:Document)-[:HAS_CHUNK]->(:Chunk) RETURN d.key ORDER BY d.key LIMIT 1 }[0], 'Namibia');
:param passage => coalesce(COLLECT { MATCH (p:Passage) WHERE p.recorded_to IS NULL AND size(coalesce(p.dates, [])) > 0 RETURN p.key ORDER BY p.key LIMIT 1 }[0], '/wiki/Newton_D._Baker_House#1');
:param year => coalesce(COLLECT { MATCH (p:Passage) WHERE p.recorded_to IS NULL AND size(coalesce(p.dates, [])) > 0 RETURN substring(p.dates[0], 0, 4) ORDER BY p.key LIMIT 1 }[0], '1916');
:param as_of => datetime();
