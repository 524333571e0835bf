"""Text that reaches tkgrag from outside Python's control: command-line arguments and file names (bytes the system
hands over, decoded with ``surrogateescape``, so a ``\\xff`` byte becomes the lone surrogate U+DCFF) and strings from
Python callers (which may hold lone surrogates). Neither can be encoded as UTF-8, so the driver, a hash or a JSON
file would fail deep inside with a ``UnicodeEncodeError`` or a ``TypeError``.

Two rules: text that is data (a question, a source name) is refused at the door with a message that names it and the
position; a file name stays usable (the file is opened by its real name) and is recorded with the undecodable bytes
written as ``\\xff`` escapes.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from tkgrag.errors import ConfigError

_SURROGATE = re.compile("[\ud800-\udfff]")


def require_text(value: str, what: str) -> str:
    """``value`` unchanged when it is valid Unicode text; else a ``ConfigError`` naming ``what`` and the position."""
    m = _SURROGATE.search(value)
    if m is None:
        return value
    code = ord(m.group())
    if 0xDC80 <= code <= 0xDCFF:  # how Python carries a byte that was not UTF-8 (surrogateescape)
        found = f"the byte 0x{code - 0xDC00:02x}, which is not UTF-8,"
    else:
        found = f"a lone surrogate (U+{code:04X}), which is not a character,"
    raise ConfigError(f"{what} holds {found} at position {m.start()}; give it as UTF-8 text")


def printable_path(path: str | os.PathLike[str]) -> str:
    """``path`` as text that can be stored and printed: bytes that are not UTF-8 written as ``\\xff`` escapes."""
    text = os.fspath(path)
    try:
        return os.fsencode(text).decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that is not an escaped byte (only from Python callers)
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def default_source(path: Path) -> str:
    """The source name a file gets when none is given: its stem, printable."""
    return printable_path(path.stem)
