"""The served URL, written into the instance's run directory so that `tkgrag ask` in another process finds it."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from tkgrag.config import Settings
from tkgrag.server.layout import InstanceLayout

RUN_FILE = "serve.json"


@dataclass(frozen=True)
class Served:
    url: str
    pid: int
    token_file: str | None = None  # where the token lives (never the token itself)


def run_file(settings: Settings) -> Path:
    return InstanceLayout.from_settings(settings).run_dir / RUN_FILE


def write(settings: Settings, served: Served) -> Path:
    path = run_file(settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(served)), encoding="utf-8")
    os.replace(tmp, path)
    return path


def read(settings: Settings) -> Served | None:
    """The server recorded for this instance, or None (no file, a broken one, or a process that is gone)."""
    try:
        data = json.loads(run_file(settings).read_text(encoding="utf-8"))
        served = Served(str(data["url"]), int(data["pid"]), data.get("token_file"))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    try:
        os.kill(served.pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass  # alive, another user's
    return served


def remove(settings: Settings, pid: int) -> None:
    """Remove the run file if it is still ours (a second server may have replaced it)."""
    current = read(settings)
    if current is None or current.pid == pid:
        run_file(settings).unlink(missing_ok=True)
