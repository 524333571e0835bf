"""Managed-server figures: time from `tkgrag neo4j start` to ready, cold (a new instance: initial password, empty
store) and warm (restart of an existing instance), the assembled server's size, and `tkgrag neo4j start` when the
server already runs (reuse). Prints one line per figure. Uses a throw-away instance; your data is not touched.

    .venv/bin/python benchmarks/bench_server.py [--runs 3]
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import replace

from tkgrag.config import load_settings
from tkgrag.server import process
from tkgrag.server.assembly import dist_size_bytes
from tkgrag.server.layout import InstanceLayout


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cli_start_seconds(env_instance: str, bolt: int, http: int) -> float:
    import os

    env = {**os.environ, "TKGRAG_INSTANCE": env_instance, "TKGRAG_BOLT_PORT": str(bolt), "TKGRAG_HTTP_PORT": str(http)}
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tkgrag.cli.app", "neo4j", "start"], env=env, check=True, capture_output=True)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    base = load_settings()
    name = "bench-server"
    bolt, http = _free_port(), _free_port()
    settings = replace(base, server=replace(base.server, instance=name, bolt_port=bolt, http_port=http))
    layout = InstanceLayout.from_settings(settings)
    cold, warm, reuse = [], [], []
    for _ in range(args.runs):
        process.stop(settings)
        shutil.rmtree(layout.root, ignore_errors=True)
        cold.append(_cli_start_seconds(name, bolt, http))
        reuse.append(_cli_start_seconds(name, bolt, http))
        process.stop(settings)
        warm.append(_cli_start_seconds(name, bolt, http))
    process.stop(settings)
    shutil.rmtree(layout.root, ignore_errors=True)

    def fmt(xs: list[float]) -> str:
        return f"median {statistics.median(xs):.1f}s (runs: {', '.join(f'{x:.1f}' for x in xs)})"

    print(f"start, cold (new instance, initial password): {fmt(cold)}")
    print(f"start, warm (existing instance):              {fmt(warm)}")
    print(f"start, already running (reuse):               {fmt(reuse)}")
    print(f"assembled server size: {dist_size_bytes(layout) / 2**20:.0f} MiB in {layout.dist}")


if __name__ == "__main__":
    main()
