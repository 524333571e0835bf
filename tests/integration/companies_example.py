"""The companies example (``ingest/examples/companies``): load its graph into "the user's database", write its
mapping for a test, and compute each question's exact answer from the source rows as they are (the gold solver)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from tkgrag.ingest.mapped.records import MappedRecord, map_rows
from tkgrag.ingest.mapped.rows import read_rows
from tkgrag.server.layout import InstanceLayout
from tkgrag.sources.mapping import Mapping, load_mapping
from tkgrag.store import Store
from tkgrag.temporal import TimeSpan

EXAMPLE = Path(__file__).resolve().parents[2] / "ingest" / "examples" / "companies"


def statements(path: Path) -> list[str]:
    """The ';'-terminated statements of a Cypher file, comments dropped."""
    text = "\n".join(
        line for line in path.read_text(encoding="utf-8").splitlines() if not line.strip().startswith("//")
    )
    return [s.strip() for s in text.split(";") if s.strip()]


def load_source(source: Store, *, changed: bool = False) -> None:
    """The example graph as first loaded (``graph.cypher``), then changed (``change.cypher``) if asked."""
    source.run("MATCH (n) DETACH DELETE n")
    for stmt in statements(EXAMPLE / "graph.cypher"):
        source.run(stmt)
    if changed:
        change(source)


def change(source: Store) -> None:
    for stmt in statements(EXAMPLE / "change.cypher"):
        source.run(stmt)


def mapping_for(source: Store, tmp: Path) -> Mapping:
    """The example's mapping pointed at the test's source instance (password from that instance's 0600 file)."""
    layout = InstanceLayout.from_settings(source.settings)
    text = (EXAMPLE / "companies.toml").read_text(encoding="utf-8")
    text = text.replace('uri_env = "COMPANIES_NEO4J_URI"', f'uri = "{source.uri}"')
    text = text.replace(
        'password_env = "COMPANIES_NEO4J_PASSWORD"', f'password_file = "{layout.password_file.as_posix()}"'
    )
    text = text.replace(
        'query_file = "companies.cypher"', f'query_file = "{(EXAMPLE / "companies.cypher").as_posix()}"'
    )
    path = tmp / "companies.toml"
    path.write_text(text, encoding="utf-8")
    return load_mapping(path)


def questions() -> list[dict[str, Any]]:
    lines = (EXAMPLE / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def source_records(mapping: Mapping) -> list[MappedRecord]:
    """Every row of the source as it is now, mapped (the gold solver's input)."""
    return [r for r in map_rows(mapping, read_rows(mapping, None)) if isinstance(r, MappedRecord)]


def gold(q: dict[str, Any], records: Sequence[MappedRecord]) -> list[str]:
    """The exact answer of question ``q`` on ``records`` (names; dates as YYYY-MM-DD), sorted."""
    p = q["params"]

    def roles(role: str | None = None, company: str | None = None, person: str | None = None) -> list[MappedRecord]:
        return [
            r
            for r in records
            if r.relation not in ("Acquire", "Work_at")
            and (role is None or r.relation == f"Serve_as_{role}_of")
            and (company is None or r.object_name == company)
            and (person is None or r.subject_name == person)
        ]

    acquisitions = [r for r in records if r.relation == "Acquire"]
    kind = q["type"]
    if kind == "role_at_acquisition":
        (when,) = [a.span.start for a in acquisitions if a.object_name == p["company"] and a.subject_name == p["buyer"]]
        assert when is not None
        out = [r.subject_name for r in roles(p["role"], p["company"]) if _holds(r.span, when, when)]
    elif kind == "before_joining":
        joined = min(r.span.start for r in roles(person=p["person"], company=p["company"]) if r.span.start)
        earlier = [
            r for r in roles(person=p["person"]) if r.object_name != p["company"] and r.span.end and r.span.end < joined
        ]
        out = [max(earlier, key=lambda r: r.span.end or date.min).object_name] if earlier else []
    elif kind == "role_in":
        period = TimeSpan.parse(p["period"])
        assert period.start and period.end
        out = [r.subject_name for r in roles(p["role"], p["company"]) if _holds(r.span, period.start, period.end)]
    elif kind == "acquisition_date":
        out = [
            a.span.start.isoformat()
            for a in acquisitions
            if a.subject_name == p["buyer"] and a.object_name == p["company"] and a.span.start
        ]
    elif kind == "acquired_by":
        out = [a.object_name for a in acquisitions if a.subject_name == p["buyer"]]
    elif kind == "acquirer_of":
        out = [a.subject_name for a in acquisitions if a.object_name == p["company"]]
    elif kind in ("first_in_role", "last_in_role"):
        held = roles(p["role"], p["company"])
        pick = min if kind == "first_in_role" else max
        out = [pick(held, key=lambda r: r.span.start or date.min).subject_name]
    elif kind == "current_in_role":
        out = [r.subject_name for r in roles(p["role"], p["company"]) if r.span.end is None]
    else:
        raise AssertionError(f"unknown question type {kind}")
    return sorted(x for x in out if x)


def _holds(span: TimeSpan, start: date, end: date) -> bool:
    return (span.start is None or span.start <= end) and (span.end is None or span.end >= start)
