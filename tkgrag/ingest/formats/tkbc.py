"""TimeQuestions' decoded Wikidata subset (TKBC layout) -> n-ary fact objects of the facts JSONL schema.

The TSV (``kg_subset_tkbc/*_facts_named.tsv``) has one row per (subject, property, value, start year, end year),
with labels in the name columns where Wikidata had one (else the id again). TKBC flattened each Wikidata statement:
its qualifiers became rows of their own with the statement's subject and years (``Stefano Fiore | P1350 | +20 |
2004 | 2007`` beside ``Stefano Fiore | member of sports team | Valencia CF | 2004 | 2007``). This module puts them
back together: rows whose property is a qualifier-only property (``QUALIFIER_PROPERTIES``) and that share subject
and years with exactly ONE other row become qualifiers of that row. It is a reconstruction, not Wikidata's own
statement ids: orphan qualifier rows (their statement is not in the subset) and ambiguous groups stay plain facts.

Years: TKBC writes an unknown start as ``1`` and an unknown end as ``2916``; both become open ends. A fact whose
start and end years are equal is written as ``point_in_time``.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tkgrag.sources.records import Reject, SourceRef

TKBC_OPEN_START = 1
TKBC_OPEN_END = 2916
COLUMNS = ("subject_id", "subject", "relation_id", "relation", "object_id", "object", "start_year", "end_year")

# Properties that Wikidata uses as qualifiers of a statement (English labels as on wikidata.org), seen in the subset.
QUALIFIER_PROPERTIES = {
    "P453": "character role",
    "P459": "determination method",
    "P518": "applies to part",
    "P642": "of",
    "P768": "electoral district",
    "P805": "statement is subject of",
    "P1039": "kinship to subject",
    "P1264": "valid in period",
    "P1350": "number of matches played",
    "P1351": "number of points/goals/set scored",
    "P1352": "ranking",
    "P1480": "sourcing circumstances",
    "P1534": "end cause",
    "P1686": "for work",
    "P1706": "together with",
    "P2453": "nominee",
    "P2715": "elected in",
    "P2842": "place of marriage",
    "P2868": "subject has role",
    "P2937": "parliamentary term",
    "P3831": "object has role",
    "P4100": "parliamentary group",
}
# Labels of other properties the subset uses without one (main predicates with literal values, and the time
# properties that TKBC turned into objects of "significant event").
EXTRA_PROPERTY_LABELS = {
    "P569": "date of birth",
    "P570": "date of death",
    "P571": "inception",
    "P576": "dissolved, abolished or demolished date",
    "P577": "publication date",
    "P580": "start time",
    "P582": "end time",
    "P585": "point in time",
    "P606": "first flight",
    "P1082": "population",
    "P1107": "proportion",
    "P2031": "work period (start)",
    "P4841": "total fertility rate",
}
_ENTITY_ID = re.compile(r"^[QP]\d+$")


@dataclass(frozen=True)
class TkbcRow:
    subject_id: str
    subject: str
    relation_id: str
    relation: str
    object_id: str
    object: str
    start_year: int
    end_year: int
    ref: SourceRef


def load_labels(path: Path) -> dict[str, str]:
    """``id<TAB>label`` lines (``kg_vocab/wd_id2entity_text.txt``, ``wd_id2relation_text.txt``)."""
    labels: dict[str, str] = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 2 and parts[0] and parts[1]:
                labels[parts[0]] = parts[1]
    return labels


def read_tkbc_rows(path: Path) -> Iterator[TkbcRow | Reject]:
    """Rows of a ``*_facts_named.tsv`` file (header line first), or rejects naming the line."""
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, None)
        if header is None or tuple(header) != COLUMNS:
            yield Reject(SourceRef(str(path), line=1), f"expected the header {'/'.join(COLUMNS)}", raw=str(header))
            return
        for row in reader:
            ref = SourceRef(str(path), line=reader.line_num)
            if len(row) != len(COLUMNS):
                yield Reject(
                    ref, f"expected {len(COLUMNS)} tab-separated columns, found {len(row)}", raw="\t".join(row)
                )
                continue
            try:
                start, end = int(row[6]), int(row[7])
            except ValueError:
                yield Reject(ref, "start_year/end_year must be integers", field="start_year", raw="\t".join(row))
                continue
            yield TkbcRow(row[0], row[1], row[2], row[3], row[4], row[5], start_year=start, end_year=end, ref=ref)


def _label(id_: str, column: str, *maps: Mapping[str, str]) -> str | None:
    if column and column != id_:
        return column
    for m in maps:
        if id_ in m:
            return m[id_]
    return None


def _times(row: TkbcRow) -> dict[str, str]:
    start = None if row.start_year == TKBC_OPEN_START else str(row.start_year)
    end = None if row.end_year == TKBC_OPEN_END else str(row.end_year)
    if start is not None and start == end:
        return {"point_in_time": start}
    return {k: v for k, v in (("start", start), ("end", end)) if v is not None}


def _is_entity(value: str) -> bool:
    return bool(_ENTITY_ID.match(value))


def _property_label(row: TkbcRow, relation_labels: Mapping[str, str]) -> str | None:
    return _label(row.relation_id, row.relation, relation_labels, QUALIFIER_PROPERTIES, EXTRA_PROPERTY_LABELS)


def _fact(row: TkbcRow, entity_labels: Mapping[str, str], relation_labels: Mapping[str, str]) -> dict[str, Any]:
    fact: dict[str, Any] = {"subject": row.subject_id}
    if label := _label(row.subject_id, row.subject, entity_labels):
        fact["subject_label"] = label
    fact["predicate"] = row.relation_id
    if label := _property_label(row, relation_labels):
        fact["predicate_label"] = label
    fact["object"] = row.object_id
    if _is_entity(row.object_id):
        if label := _label(row.object_id, row.object, entity_labels, EXTRA_PROPERTY_LABELS):
            fact["object_label"] = label
    else:
        fact["object_type"] = "literal"
    fact.update(_times(row))
    return fact


def _qualifier(row: TkbcRow, entity_labels: Mapping[str, str], relation_labels: Mapping[str, str]) -> dict[str, Any]:
    q: dict[str, Any] = {"predicate": row.relation_id}
    if label := _property_label(row, relation_labels):
        q["predicate_label"] = label
    q["value"] = row.object_id
    if _is_entity(row.object_id):
        if label := _label(row.object_id, row.object, entity_labels):
            q["value_label"] = label
        q["type"] = "entity"
    else:
        q["type"] = "literal"
    return q


def facts_from_rows(
    rows: Iterable[TkbcRow],
    *,
    entity_labels: Mapping[str, str] | None = None,
    relation_labels: Mapping[str, str] | None = None,
    source: str = "timequestions",
) -> list[dict[str, Any]]:
    """Fact objects (facts JSONL schema), grouped by subject and years in order of first appearance; qualifier rows
    attached where the statement they qualify is unambiguous (see the module docstring)."""
    ent = entity_labels or {}
    rel = relation_labels or {}
    groups: dict[tuple[str, int, int], list[TkbcRow]] = {}
    for r in rows:
        groups.setdefault((r.subject_id, r.start_year, r.end_year), []).append(r)
    attached: dict[int, list[TkbcRow]] = {}  # id(main row) -> its qualifier rows
    absorbed: set[int] = set()
    for group in groups.values():
        mains = [r for r in group if r.relation_id not in QUALIFIER_PROPERTIES]
        quals = [r for r in group if r.relation_id in QUALIFIER_PROPERTIES]
        if len(mains) == 1 and quals:
            attached[id(mains[0])] = quals
            absorbed.update(id(q) for q in quals)
    out: list[dict[str, Any]] = []
    for group in groups.values():
        for r in group:
            if id(r) in absorbed:
                continue
            fact = _fact(r, ent, rel)
            if id(r) in attached:
                fact["qualifiers"] = [_qualifier(q, ent, rel) for q in attached[id(r)]]
            fact["source"] = source
            out.append(fact)
    return out
