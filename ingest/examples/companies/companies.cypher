// Rows of the companies graph for tkgrag: per role a "Serve_as_<role>_of" fact (Who was CEO of X?) and a "Work_at" fact with
// the role as a qualifier (Where did Z work before joining X?); per acquisition an "Acquire" fact on its date.
// $watermark is null on a first or full sync; later syncs read only rows changed after the highest updated_at the
// last sync read (use >= instead of > if the source can commit a row later with an updated_at already read).
MATCH (p:Person)-[w:WORKED_AT]->(c:Company)
WHERE $watermark IS NULL OR w.updated_at > $watermark
UNWIND [[w.id, 'Serve_as_' + w.role + '_of', null], [w.id + '/work', 'Work_at', w.role]] AS fact
RETURN fact[0] AS id, p.id AS subject, p.name AS subject_name, fact[1] AS relation, c.id AS object,
       c.name AS object_name, w.from AS valid_from, w.to AS valid_to, null AS date, fact[2] AS role,
       w.updated_at AS updated_at
UNION ALL
MATCH (b:Company)-[a:ACQUIRED]->(t:Company)
WHERE $watermark IS NULL OR a.updated_at > $watermark
RETURN a.id AS id, b.id AS subject, b.name AS subject_name, 'Acquire' AS relation, t.id AS object,
       t.name AS object_name, null AS valid_from, null AS valid_to, a.date AS date, null AS role,
       a.updated_at AS updated_at
