// A user's own graph: people, companies, roles with from/to on the relationship, acquisitions with a date.
// Load it into any Neo4j 5 (Browser, cypher-shell, or the test suite's "user's database"): statements end with ';'.
// Every relationship carries a stable id (the mapping's row key) and updated_at (the mapping's watermark).
UNWIND [
  ['acme', 'Acme Robotics'], ['globex', 'Globex'], ['initech', 'Initech'], ['hooli', 'Hooli'],
  ['stark', 'Stark Industries'], ['wayne', 'Wayne Enterprises'], ['vandelay', 'Vandelay Industries'],
  ['piedpiper', 'Pied Piper']
] AS c
MERGE (x:Company {id: c[0]}) SET x.name = c[1];

UNWIND [
  ['lumbergh', 'Bill Lumbergh'], ['gibbons', 'Peter Gibbons'], ['waddams', 'Milton Waddams'],
  ['coyote', 'Wile Coyote'], ['runner', 'Road Runner'], ['hendricks', 'Richard Hendricks'],
  ['barker', 'Jack Barker'], ['chugtai', 'Dinesh Chugtai'], ['vandelay_art', 'Art Vandelay'],
  ['belson', 'Gavin Belson'], ['scorpio', 'Hank Scorpio'], ['tstark', 'Tony Stark'], ['potts', 'Pepper Potts'],
  ['fox', 'Lucius Fox'], ['hall', 'Monica Hall']
] AS p
MERGE (x:Person {id: p[0]}) SET x.name = p[1];

// [id, person, company, role, from, to (null = still in the role)]
UNWIND [
  ['r01', 'lumbergh', 'initech', 'CEO', '2008-01-01', '2016-12-31'],
  ['r02', 'gibbons', 'initech', 'CEO', '2017-01-01', null],
  ['r03', 'waddams', 'initech', 'CTO', '2010-03-01', '2015-05-31'],
  ['r04', 'coyote', 'acme', 'CEO', '2005-01-01', '2013-06-30'],
  ['r05', 'runner', 'acme', 'CEO', '2013-07-01', null],
  ['r06', 'hendricks', 'piedpiper', 'CEO', '2014-04-01', '2018-10-31'],
  ['r07', 'barker', 'piedpiper', 'CEO', '2018-11-01', '2020-06-30'],
  ['r08', 'chugtai', 'piedpiper', 'CEO', '2020-07-01', null],
  ['r09', 'vandelay_art', 'vandelay', 'CEO', '2010-01-01', '2019-12-31'],
  ['r10', 'belson', 'hooli', 'CEO', '2009-01-01', null],
  ['r11', 'scorpio', 'globex', 'CEO', '2001-01-01', null],
  ['r12', 'tstark', 'stark', 'CEO', '2008-05-02', '2016-12-31'],
  ['r13', 'potts', 'stark', 'CEO', '2017-01-01', null],
  ['r14', 'fox', 'wayne', 'CEO', '2012-01-01', null],
  ['r15', 'hendricks', 'hooli', 'engineer', '2010-06-01', '2014-03-15'],
  ['r16', 'barker', 'globex', 'executive', '2012-01-01', '2018-09-30'],
  ['r17', 'gibbons', 'acme', 'engineer', '2010-01-01', '2016-11-30'],
  ['r18', 'gibbons', 'globex', 'intern', '2003-06-01', '2009-08-31'],
  ['r19', 'potts', 'wayne', 'executive', '2009-01-01', '2016-10-31'],
  ['r20', 'chugtai', 'hooli', 'engineer', '2012-01-01', '2014-03-31'],
  ['r21', 'runner', 'stark', 'engineer', '2008-01-01', '2013-06-15'],
  ['r22', 'fox', 'stark', 'CTO', '2005-01-01', '2011-12-31']
] AS r
MATCH (p:Person {id: r[1]}), (c:Company {id: r[2]})
MERGE (p)-[w:WORKED_AT {id: r[0]}]->(c)
SET w.role = r[3], w.from = date(r[4]), w.to = CASE WHEN r[5] IS NULL THEN null ELSE date(r[5]) END,
    w.updated_at = datetime('2026-01-01T00:00:00Z');

// [id, buyer, bought, date]
UNWIND [
  ['a1', 'globex', 'initech', '2015-06-10'],
  ['a2', 'hooli', 'piedpiper', '2019-03-01'],
  ['a3', 'stark', 'acme', '2012-09-20'],
  ['a4', 'wayne', 'vandelay', '2018-11-05']
] AS a
MATCH (b:Company {id: a[1]}), (t:Company {id: a[2]})
MERGE (b)-[x:ACQUIRED {id: a[0]}]->(t)
SET x.date = date(a[3]), x.updated_at = datetime('2026-01-01T00:00:00Z');
