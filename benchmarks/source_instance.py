"""The two servers of the mapped-source benchmarks (bench_mapped_sync, bench_mapped_companies, bench_role_questions):
a scratch target that the benchmark wipes (the settings of the environment; 'default' and 'bench' are refused) and a
source server named by ``TKGRAG_SOURCE_INSTANCE``, ``TKGRAG_SOURCE_BOLT_PORT`` and ``TKGRAG_SOURCE_HTTP_PORT``."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from tkgrag.config import Settings, load_settings

PROTECTED = ("default", "bench")


def scratch_target(wipe_allowed: bool, flag: str = "--wipe-target") -> Settings:
    """The environment's settings, once the caller said the target may be wiped and it is not a protected one."""
    target = load_settings()
    if not wipe_allowed or target.server.instance in PROTECTED:
        sys.exit(f"give {flag}, and a scratch target instance (not {' or '.join(map(repr, PROTECTED))})")
    return target


def source_settings(target: Settings) -> Settings:
    """The source server's settings: the target's, on the instance and ports of the TKGRAG_SOURCE_* variables."""
    missing = [v for v in ("INSTANCE", "BOLT_PORT", "HTTP_PORT") if not os.environ.get(f"TKGRAG_SOURCE_{v}")]
    if missing:
        sys.exit("name the source server: " + ", ".join(f"TKGRAG_SOURCE_{v}" for v in missing) + " not set")
    return replace(
        target,
        server=replace(
            target.server,
            instance=os.environ["TKGRAG_SOURCE_INSTANCE"],
            bolt_port=int(os.environ["TKGRAG_SOURCE_BOLT_PORT"]),
            http_port=int(os.environ["TKGRAG_SOURCE_HTTP_PORT"]),
        ),
    )


def write_report(out: Path | None, report: dict[str, Any]) -> None:
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=1, default=str), encoding="utf-8")
