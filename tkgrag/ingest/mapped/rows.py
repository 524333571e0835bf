"""Rows of a mapped source, in pages: a read query on the user's Neo4j (one read transaction, fetched ``page_size``
records at a time), or a CSV / Parquet table (pandas). Each row is a dict of column -> value and the place it came
from, for rejects. Nothing here writes.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, LiteralString, cast

from neo4j import GraphDatabase
from neo4j.exceptions import Neo4jError, ServiceUnavailable

from tkgrag.errors import TkgragError
from tkgrag.sources.mapping import Mapping, MappingError
from tkgrag.sources.records import SourceRef


@dataclass(frozen=True)
class Row:
    values: dict[str, Any]
    ref: SourceRef


def read_rows(mapping: Mapping, watermark: Any | None) -> Iterator[Row]:
    """Every row the source gives for ``watermark`` (None: all rows), in the source's order."""
    if mapping.kind == "cypher":
        return _cypher_rows(mapping, watermark)
    if mapping.path is None:  # an in-memory table's mapping: its rows come with it (``frame_rows``)
        raise TkgragError(f"{mapping.file}: a {mapping.kind} mapping has no source to read; pass its rows")
    return _table_rows(mapping, watermark)


def _cypher_rows(mapping: Mapping, watermark: Any | None) -> Iterator[Row]:
    conn = mapping.connection
    assert conn is not None and mapping.query is not None
    where = f"mapping {mapping.file}"
    password = conn.password(where)
    driver = GraphDatabase.driver(conn.uri, auth=(conn.user, password))
    try:
        with driver.session(database=conn.database, fetch_size=mapping.page_size) as session:
            tx = session.begin_transaction()  # one read transaction: a consistent snapshot, pulled page by page
            try:
                result = tx.run(cast(LiteralString, mapping.query), {"watermark": watermark})
                for n, record in enumerate(result, start=1):
                    yield Row(dict(record.items()), SourceRef(path=f"{mapping.name} query", item=n))
            finally:
                tx.close()
    except ServiceUnavailable as exc:
        raise TkgragError(
            f"{where}: the source graph at {conn.uri} does not answer ({str(exc)[:200]}); start it and sync again"
        ) from None
    except Neo4jError as exc:
        raise TkgragError(f"{where}: the source query failed: {exc.message or exc}") from None
    finally:
        driver.close()


def _table_rows(mapping: Mapping, watermark: Any | None) -> Iterator[Row]:
    import pandas as pd

    path = mapping.path
    assert path is not None
    if not path.is_file():
        raise MappingError(f"mapping {mapping.file}: {mapping.kind} file {path} does not exist")
    wm = mapping.watermark
    if mapping.kind == "csv":
        # dtype=str: values stay as written (dates are parsed by the record mapping, with row and field on errors).
        chunks = pd.read_csv(path, dtype=str, keep_default_na=False, sep=mapping.delimiter, chunksize=mapping.page_size)
        line = 1
        for frame in chunks:
            _check_columns(mapping, list(frame.columns), path)
            for values in frame.to_dict("records"):
                line += 1
                if wm and watermark is not None and not _at_or_after(values.get(wm), watermark):
                    continue
                yield Row(
                    {str(k): (v if v != "" else None) for k, v in values.items()}, SourceRef(str(path), line=line)
                )
        return
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise TkgragError("parquet sources need pyarrow: pip install 'tkgrag[parquet]'") from None
    pf = pq.ParquetFile(path)
    _check_columns(mapping, list(pf.schema_arrow.names), path)
    n = 0
    for batch in pf.iter_batches(batch_size=mapping.page_size):
        for values in batch.to_pylist():
            n += 1
            if wm and watermark is not None and not _at_or_after(values.get(wm), watermark):
                continue
            yield Row({k: _none_if_nan(v) for k, v in values.items()}, SourceRef(str(path), item=n))


def frame_rows(mapping: Mapping, frame: Any, watermark: Any | None) -> Iterator[Row]:
    """The rows of an in-memory pandas DataFrame (``rag.ingest(frame, columns=...)``), placed by their 1-based row
    number; the watermark filter as for tables. Missing values (NaN, NaT, None) are None."""
    import pandas as pd

    _check_columns(mapping, [str(c) for c in frame.columns], "the DataFrame")
    wm = mapping.watermark
    for n, values in enumerate(frame.to_dict("records"), start=1):
        row = {str(k): (None if _missing(v, pd) else v) for k, v in values.items()}
        if wm and watermark is not None and not _at_or_after(plain_value(row.get(wm)), watermark):
            continue
        yield Row(row, SourceRef(f"<DataFrame {mapping.name}>", item=n))


def _missing(v: Any, pd: Any) -> bool:
    if isinstance(v, (list, tuple, dict)):
        return False
    try:
        return bool(pd.isna(v))
    except (TypeError, ValueError):
        return False


def plain_value(value: Any) -> Any:
    """A watermark as a plain Python value that compares the same in Python and in Cypher: Neo4j temporal types
    become native ones, and zoned datetimes become UTC offsets (Neo4j does not order a datetime with a zone id
    against one with an offset: ``datetime('...Z') >= datetime('...[UTC]')`` is false)."""
    to_native = getattr(value, "to_native", None)
    if callable(to_native):
        value = to_native()
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.astimezone(UTC)
    return value


def _check_columns(mapping: Mapping, present: list[str], path: object) -> None:
    wanted = [*mapping.columns.values(), *mapping.qualifiers.values()]
    missing = [c for c in wanted if c not in present]
    if missing:
        raise MappingError(
            f"mapping {mapping.file}: column(s) {', '.join(missing)} not in {path} (it has: {', '.join(present)})"
        )


def _none_if_nan(v: Any) -> Any:
    return None if isinstance(v, float) and math.isnan(v) else v


def _at_or_after(value: Any, watermark: Any) -> bool:
    """Tables have no query: the watermark filter is applied here, inclusively (rows at the watermark are read
    again and are no-ops when unchanged; a table has no commit order to rely on)."""
    if value is None:
        return True
    try:
        return bool(value >= watermark)
    except TypeError:
        return str(value) >= str(watermark)
