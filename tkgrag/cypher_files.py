"""Where the ``cypher/`` folder is: beside the package in a checkout, ``tkgrag/_cypher`` in an installed wheel."""

from __future__ import annotations

from pathlib import Path

from tkgrag.errors import StoreError


def cypher_dir() -> Path:
    """``cypher/`` of a source checkout, or its copy inside an installed wheel."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "cypher", here / "_cypher"):
        if candidate.joinpath("schema.cypher").is_file():
            return candidate
    raise StoreError("cypher/schema.cypher was not found next to the tkgrag package; reinstall tkgrag.")
