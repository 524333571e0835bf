"""Reading a cache file (``.npz``) that may be damaged: a truncated or overwritten file is removed and rebuilt.

A cache is only a copy of what the database or a model gives again: when it does not load (a disk that filled up,
a copy cut short, an editor's save; ``BadZipFile`` on every call until someone deleted it by hand), the reader says so
once in the log, deletes it, and the caller builds it again as on a first call."""

from __future__ import annotations

import logging
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

log = logging.getLogger(__name__)

T = TypeVar("T")

# What numpy and zipfile raise for a file that is not a whole .npz of the expected arrays.
DAMAGED = (OSError, ValueError, KeyError, IndexError, TypeError, EOFError, zipfile.BadZipFile, zlib.error)


def read_cache(path: Path, read: Callable[[Any], T]) -> T | None:
    """``read(npz)`` of the file at ``path`` (it must take every array it needs inside the call); None when there is
    no file, or when it does not load: then it is removed, so the caller's rebuild writes a good one."""
    if not path.is_file():
        return None
    try:
        with np.load(path, allow_pickle=False) as z:
            return read(z)
    except DAMAGED as exc:
        log.warning("cache file %s does not load (%s: %s); removed, rebuilding it", path, type(exc).__name__, exc)
        try:
            path.unlink(missing_ok=True)
        except OSError as gone:  # a read-only cache folder: the rebuild's write says why, this only logs
            log.warning("could not remove %s: %s", path, gone)
        return None
