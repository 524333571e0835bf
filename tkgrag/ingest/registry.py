"""Formats by name, for job files and the CLI: how to read a file, which writer writes it, what its records are.

``tkg-tsv`` is built in. Other formats register themselves: ``tkgrag.ingest.formats`` (if present) may define
``FORMATS: dict[str, FormatSpec]`` or call :func:`register_format` on import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tkgrag.errors import TkgragError
from tkgrag.ingest.pipeline import NodeKind
from tkgrag.ingest.records import BatchWriter, Reject


@dataclass(frozen=True)
class FormatSpec:
    """``read(path, mapping, base_dir)``: records and rejects of one file, where ``mapping`` is the job file's
    ``[mapping]`` table (format options, incl. ``source``) and ``base_dir`` the folder relative paths in it are
    resolved against. ``glob``: the files of a watched directory that belong to the format."""

    name: str
    read: Callable[[Path, Mapping[str, Any], Path | None], Iterable[Any | Reject]]
    writer: Callable[[], BatchWriter[Any]]
    kind: NodeKind[Any] | None
    glob: str = "*"
    description: str = ""


_FORMATS: dict[str, FormatSpec] = {}


def register_format(spec: FormatSpec) -> None:
    _FORMATS[spec.name] = spec


def _read_tsv(path: Path, mapping: Mapping[str, Any], base: Path | None) -> Iterable[Any | Reject]:
    from tkgrag.ingest.tsv import TkgTsvReader, TsvOptions

    return TkgTsvReader(path, TsvOptions.from_mapping(mapping, base))


def _builtin() -> None:
    from tkgrag.ingest.tsv import FORMAT
    from tkgrag.ingest.writers import EVENT_KIND, EventWriter

    register_format(
        FormatSpec(
            name=FORMAT,
            read=_read_tsv,
            writer=EventWriter,
            kind=EVENT_KIND,
            glob="*.tsv",
            description="TKG quadruples/quintuples (ICEWS, MultiTQ, TimeQuestions kg_subset)",
        )
    )


_loaded = False


def formats() -> dict[str, FormatSpec]:
    global _loaded
    if not _loaded:
        _builtin()
        try:
            from tkgrag.ingest import formats as extra
        except ImportError:
            extra = None  # type: ignore[assignment]
        for spec in getattr(extra, "FORMATS", {}).values():
            register_format(spec)
        _loaded = True
    return dict(_FORMATS)


def get_format(name: str) -> FormatSpec:
    known = formats()
    if name not in known:
        raise TkgragError(f"unknown ingest format {name!r}; known: {', '.join(sorted(known))}")
    return known[name]
