// The change scenario: end a role, delete one, add one, correct one. Each touched row gets a new updated_at.
// Dinesh Chugtai steps down as CEO of Pied Piper (a role ends).
MATCH (:Person {id: 'chugtai'})-[w:WORKED_AT {id: 'r08'}]->() SET w.to = date('2026-10-31'), w.updated_at = datetime();

// Monica Hall becomes CEO of Pied Piper (a role is added).
MATCH (p:Person {id: 'hall'}), (c:Company {id: 'piedpiper'})
MERGE (p)-[w:WORKED_AT {id: 'r23'}]->(c)
SET w.role = 'CEO', w.from = date('2026-11-01'), w.to = null, w.updated_at = datetime();

// Peter Gibbons never was an engineer at Acme Robotics: the row is deleted (only a full sync can see that).
MATCH ()-[w:WORKED_AT {id: 'r17'}]->() DELETE w;

// Art Vandelay's start was 2011, not 2010 (a row is corrected).
MATCH ()-[w:WORKED_AT {id: 'r09'}]->() SET w.from = date('2011-01-01'), w.updated_at = datetime();
