"""Install size of tkgrag, base and per extra, in one fresh venv: ``pip install .`` first (measured), then each
extra in turn (``pip install .[serve]`` ...): the bytes and packages it adds to the base, after which the added
packages are uninstalled again so the next extra starts from the base. One download of the base (torch and its
CUDA wheels from PyPI are most of it), not one per variant. Also the largest folders of the base's site-packages,
so the report says where the size is.

    flock /tmp/tkgrag-cpu.lock python benchmarks/bench_install_size.py --out benchmarks/results/<date>/install-size
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
EXTRAS = ("client", "serve", "mcp", "parquet", "all")


def du_bytes(path: Path) -> int:
    out = subprocess.run(["du", "-sb", str(path)], check=True, capture_output=True, text=True).stdout
    return int(out.split()[0])


def freeze(python: Path) -> set[str]:
    out = subprocess.run([str(python), "-m", "pip", "freeze"], check=True, capture_output=True, text=True).stdout
    # tkgrag itself is a file URL of this machine: left out
    return {f for f in out.splitlines() if f and not f.startswith("tkgrag")}


def pip(python: Path, *args: str) -> float:
    t = time.perf_counter()
    subprocess.run([str(python), "-m", "pip", *args], check=True, env={**os.environ, "PIP_NO_INPUT": "1"})
    return round(time.perf_counter() - t, 1)


def largest(site: Path, n: int = 12) -> list[dict[str, Any]]:
    sizes = [(du_bytes(p), p.name) for p in site.iterdir() if p.is_dir() and not p.name.endswith(".dist-info")]
    return [{"folder": name, "bytes": b} for b, name in sorted(sizes, reverse=True)[:n]]


def mib(b: int) -> str:
    return f"{b / 2**20:,.0f} MiB"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--extras", default=",".join(EXTRAS))
    args = ap.parse_args()
    print(f"load before: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="tkgrag-install-") as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        python = venv / "bin" / "python"
        pip(python, "install", "-q", "--upgrade", "pip")
        empty = du_bytes(venv)
        seconds = pip(python, "install", "-q", str(REPO))
        base_pkgs = freeze(python)
        base: dict[str, Any] = {
            "variant": "base",
            "bytes": du_bytes(venv) - empty,
            "packages": len(base_pkgs),
            "install_seconds": seconds,
        }
        site = next((venv / "lib").glob("python*/site-packages"))
        base["largest"] = largest(site)
        base["freeze"] = sorted(base_pkgs)
        print(f"  base: {mib(base['bytes'])}, {base['packages']} packages, {seconds} s", flush=True)
        rows: list[dict[str, Any]] = [base]
        base_bytes = du_bytes(venv)
        for extra in [e for e in args.extras.split(",") if e]:
            seconds = pip(python, "install", "-q", f"{REPO}[{extra}]")
            added = sorted(freeze(python) - base_pkgs)
            row = {
                "variant": extra,
                "extra_bytes": du_bytes(venv) - base_bytes,
                "added": added,
                "install_seconds": seconds,
            }
            row["bytes"] = base["bytes"] + row["extra_bytes"]
            rows.append(row)
            print(f"  +{extra}: +{mib(row['extra_bytes'])} ({len(added)} packages: {', '.join(added)})", flush=True)
            if added:
                pip(python, "uninstall", "-q", "-y", *[a.split("==")[0] for a in added])
            if freeze(python) != base_pkgs:
                raise SystemExit(f"uninstalling {extra}'s packages did not return to the base install")
            base_bytes = du_bytes(venv)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "install_size.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    lines = ["| install | size | packages added to the base |", "|---|---:|---|"]
    lines.append(f"| `pip install tkgrag` (base) | {mib(rows[0]['bytes'])} | {rows[0]['packages']} packages |")
    for r in rows[1:]:
        lines.append(f"| `tkgrag[{r['variant']}]` | +{mib(r['extra_bytes'])} | {', '.join(r['added']) or '-'} |")
    lines += ["", "| largest folders of the base's site-packages | size |", "|---|---:|"]
    lines += [f"| {d['folder']} | {mib(d['bytes'])} |" for d in rows[0]["largest"]]
    (args.out / "install_size.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
