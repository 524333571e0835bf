"""A mapped source: how the rows of a user's own Neo4j graph (a read query) or table (CSV, Parquet) become tkgrag
events and facts. One TOML file per source; ``tkgrag ingest mapped MAPPING.toml`` syncs it.

::

    [source]
    name = "companies"                 # Event.source, and the prefix of every item key
    kind = "cypher"                    # cypher | csv | parquet
    uri = "bolt://127.0.0.1:7687"      # cypher: or uri_env = "COMPANIES_URI"
    database = "neo4j"
    user = "neo4j"                     # or user_env
    password_env = "COMPANIES_PASSWORD"  # or password_file = "secrets/companies.password" (never the password itself)
    query_file = "companies.cypher"    # or query = "..."; uses $watermark when a watermark column is mapped
    # path = "roles.csv"               # csv / parquet: the table (relative to this file)
    page_size = 5000                   # rows per page (fetch size) and per write transaction
    # output = "passages"              # rows become Passage versions: [columns] key, text, title?, watermark?

    [columns]                          # tkgrag field = source column
    key = "id"                         # required: the row's identity across syncs (same key, other values = changed)
    subject = "person_id"
    subject_name = "person"
    relation = "role"                  # or, under [constants]: relation = "acquired"
    object = "company_id"
    object_name = "company"
    valid_from = "from"
    valid_to = "to"
    point_in_time = "date"             # a day/month/year event: used where set, else valid_from/valid_to
    watermark = "updated_at"           # incremental syncs pass the last sync's highest as $watermark

    [qualifiers]                       # qualifier name = source column (kept on the fact and in its text)
    title = "title"

Paths are relative to the mapping file. Passwords come from the environment or a file the mapping names; a mapping
that holds a password (``password = ...``) is refused.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.errors import ConfigError

KINDS = ("cypher", "csv", "parquet")
FIELDS = (
    "key",
    "subject",
    "subject_name",
    "subject_aliases",
    "relation",
    "object",
    "object_name",
    "object_aliases",
    "valid_from",
    "valid_to",
    "point_in_time",
    "watermark",
)
REQUIRED = ("key", "subject", "object")
# ``[source] output = "passages"``: each row is a passage version (text with the dates it mentions), not a fact.
OUTPUTS = ("events", "passages")
PASSAGE_FIELDS = ("key", "title", "text", "watermark")
_SOURCE_KEYS = {
    "name",
    "kind",
    "uri",
    "uri_env",
    "database",
    "user",
    "user_env",
    "password_env",
    "password_file",
    "query",
    "query_file",
    "path",
    "page_size",
    "delimiter",
    "output",
}
_NAME = re.compile(r"^[A-Za-z0-9_.-]+$")


class MappingError(ConfigError):
    """A mapping file that cannot be used as written (the message names the file and the key)."""


@dataclass(frozen=True)
class Connection:
    """Where a cypher source's graph is and who reads it; the password is read when connecting, never stored here."""

    uri: str
    database: str | None
    user: str
    password_env: str | None = None
    password_file: Path | None = None

    def password(self, where: str) -> str:
        if self.password_env:
            value = os.environ.get(self.password_env)
            if not value:
                raise MappingError(f"{where}: environment variable {self.password_env} (password_env) is not set")
            return value
        if self.password_file:
            try:
                mode = self.password_file.stat().st_mode & 0o777
                if mode & 0o077:
                    raise MappingError(
                        f"{where}: password_file {self.password_file} is readable by other users (mode {mode:o}); "
                        f"run `chmod 600 {self.password_file}`"
                    )
                return self.password_file.read_text(encoding="utf-8").strip()
            except OSError as exc:
                raise MappingError(
                    f"{where}: cannot read password_file {self.password_file}: {exc.strerror or exc}"
                ) from None
        raise MappingError(f"{where}: [source] needs password_env or password_file")


@dataclass(frozen=True)
class Mapping:
    """A parsed mapping file (see the module docstring)."""

    file: Path
    name: str
    kind: str
    columns: dict[str, str]  # tkgrag field -> source column
    constants: dict[str, str] = field(default_factory=dict)  # tkgrag field -> constant value (relation)
    qualifiers: dict[str, str] = field(default_factory=dict)  # qualifier name -> source column
    connection: Connection | None = None
    query: str | None = None
    path: Path | None = None
    page_size: int = 5000
    delimiter: str = ","
    checksum: str = ""  # sha256 of the mapping file (with the query file): the identity of this source's runs
    output: str = "events"  # events (facts with qualifiers) or passages

    @property
    def watermark(self) -> str | None:
        return self.columns.get("watermark")

    def column(self, name: str) -> str | None:
        return self.columns.get(name)


def _str(table: dict[str, Any], key: str, where: str) -> str | None:
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise MappingError(f"{where}: {key} must be a non-empty string, got {value!r}")
    return value.strip()


def _env(table: dict[str, Any], key: str, where: str) -> str | None:
    """``key`` as written, or the value of the environment variable ``<key>_env`` names."""
    direct, var = _str(table, key, where), _str(table, f"{key}_env", where)
    if direct and var:
        raise MappingError(f"{where}: give {key} or {key}_env, not both")
    if var:
        value = os.environ.get(var)
        if not value:
            raise MappingError(f"{where}: environment variable {var} ({key}_env) is not set")
        return value
    return direct


def _resolve(base: Path, value: str) -> Path:
    p = Path(os.path.expandvars(value)).expanduser()
    return p if p.is_absolute() else (base / p).resolve()


def load_mapping(path: Path) -> Mapping:
    """Parse and validate ``path``; every error names the file and the table/key at fault."""
    try:
        raw = path.read_bytes()
        data = tomllib.loads(raw.decode("utf-8"))
    except OSError as exc:
        raise MappingError(f"cannot read mapping {path}: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise MappingError(f"mapping {path}: {exc}") from None
    unknown = set(data) - {"source", "columns", "constants", "qualifiers", "ingest", "schedule"}
    if unknown:
        raise MappingError(
            f"mapping {path}: unknown table(s) {sorted(unknown)}; known: source, columns, constants, qualifiers"
        )
    base = path.resolve().parent
    src = data.get("source")
    where = f"mapping {path} [source]"
    if not isinstance(src, dict):
        raise MappingError(f"mapping {path}: needs a [source] table")
    if "password" in src:
        raise MappingError(f"{where}: a password does not belong in a mapping; use password_env or password_file")
    bad = set(src) - _SOURCE_KEYS
    if bad:
        raise MappingError(f"{where}: unknown key(s) {sorted(bad)}; known: {', '.join(sorted(_SOURCE_KEYS))}")
    name = _str(src, "name", where) or path.stem
    if not _NAME.match(name):
        raise MappingError(f"{where}: name {name!r} may hold only letters, digits, '_', '.', '-'")
    kind = _str(src, "kind", where)
    if kind not in KINDS:
        raise MappingError(f"{where}: kind must be one of {', '.join(KINDS)}, got {kind!r}")
    page_size = src.get("page_size", 5000)
    if not isinstance(page_size, int) or isinstance(page_size, bool) or page_size < 1:
        raise MappingError(f"{where}: page_size must be a positive integer, got {page_size!r}")

    output = _str(src, "output", where) or "events"
    if output not in OUTPUTS:
        raise MappingError(f"{where}: output must be one of {', '.join(OUTPUTS)}, got {output!r}")
    columns, constants, qualifiers = _columns(data, path, output)
    checksum = hashlib.sha256(raw)
    connection: Connection | None = None
    query: str | None = None
    table: Path | None = None
    if kind == "cypher":
        uri = _env(src, "uri", where)
        if not uri:
            raise MappingError(f"{where}: a cypher source needs uri (or uri_env)")
        password_file = _str(src, "password_file", where)
        connection = Connection(
            uri=uri,
            database=_str(src, "database", where),
            user=_env(src, "user", where) or "neo4j",
            password_env=_str(src, "password_env", where),
            password_file=_resolve(base, password_file) if password_file else None,
        )
        if not connection.password_env and not connection.password_file:
            raise MappingError(f"{where}: a cypher source needs password_env or password_file")
        query, query_file = _str(src, "query", where), _str(src, "query_file", where)
        if bool(query) == bool(query_file):
            raise MappingError(f"{where}: give exactly one of query and query_file")
        if query_file:
            qpath = _resolve(base, query_file)
            try:
                query = qpath.read_text(encoding="utf-8")
            except OSError as exc:
                raise MappingError(f"{where}: cannot read query_file {qpath}: {exc.strerror or exc}") from None
            checksum.update(query.encode("utf-8"))
        assert query is not None
        if "watermark" in columns and "$watermark" not in query:
            raise MappingError(
                f"{where}: a watermark column is mapped but the query does not use $watermark "
                "(e.g. WHERE $watermark IS NULL OR r.updated_at > $watermark)"
            )
    else:
        table_path = _str(src, "path", where)
        if not table_path:
            raise MappingError(f"{where}: a {kind} source needs path")
        table = _resolve(base, table_path)
    delimiter = src.get("delimiter", ",")
    if not isinstance(delimiter, str) or len(delimiter) != 1:
        raise MappingError(f"{where}: delimiter must be one character, got {delimiter!r}")
    return Mapping(
        file=path.resolve(),
        name=name,
        kind=kind,
        columns=columns,
        constants=constants,
        qualifiers=qualifiers,
        connection=connection,
        query=query,
        path=table,
        page_size=page_size,
        delimiter=delimiter,
        checksum=checksum.hexdigest(),
        output=output,
    )


FRAME_KIND = "dataframe"


def mapping_from_columns(
    name: str,
    columns: dict[str, str] | Any,
    constants: dict[str, str] | Any,
    qualifiers: dict[str, str] | Any,
    *,
    content: str,
    page_size: int = 5000,
    output: str = "events",
) -> Mapping:
    """The mapping of an in-memory table (``rag.ingest(frame, columns=...)``): the same ``[columns]``,
    ``[constants]`` and ``[qualifiers]`` validation as a file's; ``content`` (the table's checksum) joins the run
    identity, so another table under the same source name is another run."""
    where = Path(f"<columns of {name}>")
    if not _NAME.match(name):
        raise MappingError(f"{where}: source name {name!r} may hold only letters, digits, '_', '.', '-'")
    if output not in OUTPUTS:
        raise MappingError(f"{where}: output must be one of {', '.join(OUTPUTS)}, got {output!r}")
    data = {"columns": dict(columns), "constants": dict(constants), "qualifiers": dict(qualifiers)}
    cols, consts, quals = _columns(data, where, output)
    spec = json.dumps({**data, "output": output}, sort_keys=True)
    return Mapping(
        file=where,
        name=name,
        kind=FRAME_KIND,
        columns=cols,
        constants=consts,
        qualifiers=quals,
        page_size=page_size,
        checksum=hashlib.sha256(f"{spec}\x1f{content}".encode()).hexdigest(),
        output=output,
    )


def _columns(
    data: dict[str, Any], path: Path, output: str = "events"
) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    tables: dict[str, dict[str, str]] = {}
    for table in ("columns", "constants", "qualifiers"):
        raw = data.get(table, {})
        if not isinstance(raw, dict):
            raise MappingError(f"mapping {path}: [{table}] must be a table")
        out: dict[str, str] = {}
        for k, v in raw.items():
            if not isinstance(v, str) or not v.strip():
                raise MappingError(f"mapping {path} [{table}]: {k} must be a non-empty string, got {v!r}")
            out[k] = v.strip()
        tables[table] = out
    columns, constants, qualifiers = tables["columns"], tables["constants"], tables["qualifiers"]
    if output == "passages":
        bad = set(columns) - set(PASSAGE_FIELDS)
        if bad or constants or qualifiers:
            extra = sorted(bad) + [f"[{t}]" for t, v in (("constants", constants), ("qualifiers", qualifiers)) if v]
            raise MappingError(
                f"mapping {path} [columns]: output = passages maps only {', '.join(PASSAGE_FIELDS)}; not {extra}"
            )
        missing = [f for f in ("key", "text") if f not in columns]
        if missing:
            raise MappingError(f"mapping {path} [columns]: missing {', '.join(missing)}")
        return columns, constants, qualifiers
    bad = set(columns) - set(FIELDS)
    if bad:
        raise MappingError(f"mapping {path} [columns]: unknown field(s) {sorted(bad)}; known: {', '.join(FIELDS)}")
    bad = set(constants) - {"relation"}
    if bad:
        raise MappingError(f"mapping {path} [constants]: only relation may be a constant, not {sorted(bad)}")
    both = set(columns) & set(constants)
    if both:
        raise MappingError(f"mapping {path}: {sorted(both)} mapped to a column and to a constant; choose one")
    missing = [f for f in REQUIRED if f not in columns]
    if "relation" not in columns and "relation" not in constants:
        missing.append("relation")
    if missing:
        raise MappingError(f"mapping {path} [columns]: missing {', '.join(missing)}")
    return columns, constants, qualifiers
