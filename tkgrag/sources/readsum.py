"""The checksum of what a reader read (issue 30 item 14).

A job takes a file's checksum before it reads the file; a file that grows in between (a log being appended to) is
read further than that checksum says. Readers therefore open their input through :class:`ReadDigest`, which hashes
the bytes as they come off the disk, and report ``read_checksum`` once they have read to the end; the pipeline
records that in the ledger. One mechanism for every format: the TSV reader sets the attribute itself, the generator
readers are wrapped in :class:`Checksummed`.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Generic, TypeVar

T = TypeVar("T")


class _HashingRaw(io.RawIOBase):
    """A raw binary file that feeds every byte it reads to ``sha``: what the buffer above it pulled from the disk."""

    def __init__(self, raw: io.FileIO, sha: hashlib._Hash) -> None:
        super().__init__()
        self._raw = raw
        self._sha = sha

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview | bytearray) -> int | None:  # type: ignore[override]
        n = self._raw.readinto(buffer)
        if n:
            self._sha.update(memoryview(buffer)[:n])
        return n

    def close(self) -> None:
        self._raw.close()
        super().close()


class ReadDigest:
    """sha256 of the bytes read through :meth:`open` (the same hex as ``file_checksum`` of a file read to its end)."""

    def __init__(self) -> None:
        self._sha = hashlib.sha256()

    def open(self, path: Path) -> io.BufferedReader:
        """``path`` opened for binary reading, hashed as it is read; ``OSError`` as ``open`` raises it."""
        return io.BufferedReader(_HashingRaw(io.FileIO(path, "rb"), self._sha))

    def hexdigest(self) -> str:
        return self._sha.hexdigest()


def open_input(path: Path, digest: ReadDigest | None) -> IO[bytes]:
    """``path`` for binary reading: through ``digest`` when the caller wants what was read hashed."""
    return digest.open(path) if digest is not None else path.open("rb")


class Checksummed(Generic[T]):
    """The items of a generator reader that opens its file through the :class:`ReadDigest` it is given, with
    ``read_checksum`` (the sha256 of the bytes it read) set once the reader has been iterated to its end."""

    def __init__(self, read: Callable[[ReadDigest], Iterator[T]]) -> None:
        self._read = read
        self.read_checksum: str | None = None

    def __iter__(self) -> Iterator[T]:
        self.read_checksum = None
        digest = ReadDigest()
        yield from self._read(digest)
        self.read_checksum = digest.hexdigest()
