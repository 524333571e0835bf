"""The rejects file: one JSON object per rejected input item, with file, line, field and reason.

Written after the batch it belongs to is committed (so a resumed run does not repeat rejects of committed batches),
by default in ``$TKGRAG_HOME/rejects/`` (``icews14.tsv`` -> ``icews14.tsv.<8 hex>.rejects.jsonl``), not beside the
source: the user's data folder (or a watched inbox) is not tkgrag's to write in. The 8 hex digits are of the source's
absolute path, so two files of the same name in different folders do not replace each other's rejects. A
``rejects_dir`` (``--rejects-dir``, a job's ``rejects_dir``) or an explicit path (``--rejects``) says otherwise.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from tkgrag.config import Settings
from tkgrag.errors import TkgragError
from tkgrag.sources.records import Reject

SUFFIX = ".rejects.jsonl"


def default_rejects_path(source: Path, rejects_dir: Path | None, settings: Settings) -> Path:
    """Where the rejects of ``source`` go when no path was given (see the module docstring)."""
    if rejects_dir is not None:
        return rejects_dir / (source.name + SUFFIX)
    where = hashlib.sha1(os.fsencode(source.resolve())).hexdigest()[:8]
    return settings.home / "rejects" / f"{source.name}.{where}{SUFFIX}"


def reject_json(reject: Reject, run_id: str) -> dict[str, object]:
    return {
        "file": reject.ref.path,
        "line": reject.ref.line,
        "item": reject.ref.item,
        "field": reject.field,
        "reason": reject.reason,
        "raw": reject.raw,
        "run_id": run_id,
    }


class RejectsFile:
    """Opened on the first reject. A fresh run replaces an old file of the same name; a resumed run appends."""

    def __init__(self, path: Path, run_id: str, *, append: bool) -> None:
        self.path = path
        self.run_id = run_id
        self.append = append
        self.written = 0
        self._fh: IO[str] | None = None
        if not append and path.exists():
            try:
                path.unlink()
            except OSError as exc:
                raise TkgragError(f"cannot replace the old rejects file {path}: {exc.strerror or exc}") from None

    def write(self, rejects: Sequence[Reject]) -> None:
        if not rejects:
            return
        if self._fh is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                # backslashreplace: a file name that is not UTF-8 (in "file") is written escaped, not refused
                self._fh = self.path.open("a" if self.append else "w", encoding="utf-8", errors="backslashreplace")
            except OSError as exc:
                raise TkgragError(
                    f"cannot write the rejects file {self.path}: {exc.strerror or exc}. "
                    "Give another place with --rejects."
                ) from None
        for r in rejects:
            self._fh.write(json.dumps(reject_json(r, self.run_id), ensure_ascii=False) + "\n")
        self._fh.flush()
        self.written += len(rejects)

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def read_rejects(path: Path) -> list[dict[str, object]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]
