"""Install size of tkgrag without and with the service extras: a fresh venv per variant (``pip install .`` /
``.[client]`` / ``.[serve]`` / ``.[mcp]`` from this checkout), measured with ``du`` and then removed. The first
variant fills pip's cache; the others install from it (the sizes do not depend on where the wheels came from).

    flock /tmp/tkgrag-cpu.lock python benchmarks/bench_install_size.py --out benchmarks/results/<date>/install-size
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
VARIANTS = ("", "client", "serve", "mcp")


def du_bytes(path: Path) -> int:
    out = subprocess.run(["du", "-sb", str(path)], check=True, capture_output=True, text=True).stdout
    return int(out.split()[0])


def measure(extra: str, root: Path) -> dict[str, Any]:
    venv = root / (extra or "base")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    empty = du_bytes(venv)
    spec = f"{REPO}[{extra}]" if extra else str(REPO)
    t = time.perf_counter()
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", spec], check=True, env={**os.environ})
    seconds = time.perf_counter() - t
    size = du_bytes(venv)
    frozen = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "freeze"], check=True, capture_output=True, text=True
    ).stdout.split()
    frozen = [f for f in frozen if not f.startswith("tkgrag")]  # tkgrag itself: a file URL of this machine
    human = subprocess.run(["du", "-sh", str(venv)], check=True, capture_output=True, text=True).stdout.split()[0]
    shutil.rmtree(venv)
    return {
        "variant": extra or "base",
        "bytes": size - empty,
        "du_h": human,
        "packages": len(frozen),
        "freeze": frozen,
        "install_seconds": round(seconds, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--variants", default=",".join(v or "base" for v in VARIANTS))
    args = ap.parse_args()
    wanted = ["" if v == "base" else v for v in args.variants.split(",")]
    print(f"load before: {os.getloadavg()}", flush=True)
    rows = []
    with tempfile.TemporaryDirectory(prefix="tkgrag-install-") as tmp:
        for extra in wanted:
            row = measure(extra, Path(tmp))
            rows.append(row)
            print(
                f"{row['variant']:>6}: {row['du_h']} ({row['bytes']:,} bytes), {row['packages']} packages, "
                f"installed in {row['install_seconds']} s; load {os.getloadavg()[0]:.2f}",
                flush=True,
            )
    base = next((r for r in rows if r["variant"] == "base"), None)
    base_pkgs = set(base["freeze"]) if base else set()
    for r in rows:
        if base and r is not base:
            r["extra_bytes"] = int(r["bytes"]) - int(base["bytes"])
            r["added"] = sorted(set(r["freeze"]) - base_pkgs)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "install_size.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
