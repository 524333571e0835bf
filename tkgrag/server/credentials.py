"""The managed instance's password: generated once, kept 0600 in the state directory, never printed."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from tkgrag.errors import ServerError


def read_password(path: Path) -> str | None:
    if not path.is_file():
        return None
    mode = path.stat().st_mode & 0o777
    if mode & 0o077:
        raise ServerError(f"{path} is readable by other users (mode {mode:o}); run `chmod 600 {path}` and retry.")
    return path.read_text(encoding="utf-8").strip() or None


def create_password(path: Path) -> str:
    """Write a new random password with 0600 permissions from the first byte on."""
    path.parent.mkdir(parents=True, exist_ok=True)
    os.chmod(path.parent, 0o700)
    password = secrets.token_urlsafe(24)
    while password.startswith("-"):  # neo4j-admin would read the @file content as an option (exit 64)
        password = secrets.token_urlsafe(24)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(password + "\n")
    return password
