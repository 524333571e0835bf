"""Who may call the service: anyone on loopback, a bearer token from a 0600 file everywhere else."""

from __future__ import annotations

import ipaddress
import os
import stat
from pathlib import Path

from tkgrag.errors import ConfigError


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def read_token(path: Path) -> str:
    """The token in ``path``; the file must belong to this user and be readable by nobody else (mode 0600 or
    0400), as with an SSH key: a token others can read protects nothing."""
    try:
        st = path.stat()
    except OSError as exc:
        raise ConfigError(f"token file {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise ConfigError(f"token file {path}: not a regular file")
    if st.st_mode & 0o077:
        raise ConfigError(
            f"token file {path}: mode {stat.S_IMODE(st.st_mode):04o} lets others read it; run `chmod 600 {path}`"
        )
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        raise ConfigError(f"token file {path}: owned by another user")
    token = path.read_text(encoding="utf-8").strip()
    if len(token) < 16:
        raise ConfigError(f"token file {path}: the token must be at least 16 characters (it has {len(token)})")
    return token


def required_token(host: str, token_file: Path | None) -> str | None:
    """The token the server must demand: from ``token_file`` when given; refused when bound beyond loopback
    without one."""
    if token_file is not None:
        return read_token(token_file)
    if not is_loopback(host):
        raise ConfigError(
            f"binding to {host} exposes the service beyond this machine: give --token-file PATH (a 0600 file "
            "holding a token of 16+ characters, e.g. `openssl rand -hex 32 > PATH && chmod 600 PATH`)"
        )
    return None
