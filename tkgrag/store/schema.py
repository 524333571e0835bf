"""Apply ``cypher/schema.cypher`` idempotently."""

from __future__ import annotations

import re

from tkgrag.cypher_files import cypher_dir
from tkgrag.errors import StoreError
from tkgrag.store.connection import Store


def split_statements(text: str) -> list[str]:
    """Statements of a .cypher file: ``//`` comments dropped, split on ``;`` at line ends."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    return [s.strip() for s in re.split(r";\s*(?:\n|$)", body) if s.strip()]


def schema_statements(dimensions: int) -> list[str]:
    if not isinstance(dimensions, int) or not 1 <= dimensions <= 4096:
        raise StoreError(f"embedding dimension must be an integer in 1..4096, got {dimensions!r}")
    text = cypher_dir().joinpath("schema.cypher").read_text(encoding="utf-8")
    return [s.replace("{dimensions}", str(dimensions)) for s in split_statements(text)]


def apply_schema(store: Store) -> list[str]:
    """Create missing constraints and indexes; returns the statements run. Safe to call any number of times."""
    dims = store.settings.embedding_dimensions
    statements = schema_statements(dims)
    for stmt in statements:
        store.run_auto(stmt)
    _check_vector_dimensions(store, dims)
    store.run_auto("CALL db.awaitIndexes(300)")
    return statements


def _check_vector_dimensions(store: Store, dims: int) -> None:
    from tkgrag.queries.admin import INDEXES

    for idx in store.run(INDEXES):
        if idx["type"] != "VECTOR":
            continue
        have = (idx.get("options") or {}).get("indexConfig", {}).get("vector.dimensions")
        if have is not None and int(have) != dims:
            raise StoreError(
                f"Vector index {idx['name']} has {have} dimensions but the embedding model gives {dims}. "
                f"Drop it (DROP INDEX {idx['name']}) and re-embed, or configure a {have}-dimension model."
            )
