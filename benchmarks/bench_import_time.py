"""Import cost of the entry points, two source trees side by side (e.g. main and a branch), in the same run.

    .venv/bin/python benchmarks/bench_import_time.py --tree before=/tmp/main-src --tree after=. [--runs 7]

For each tree and each statement: a fresh ``python -X importtime -c STATEMENT`` per run (PYTHONPATH = the tree),
the median of the cumulative microseconds Python reports for the top-level import, and which heavy libraries the
statement loaded. Prints the machine load with the table (the figures move with it).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys

STATEMENTS = {
    "import tkgrag": "import tkgrag",
    "CLI entry (tkgrag.cli.main)": "import tkgrag.cli.main",
    "CLI fast path (ask through a server)": "import tkgrag.cli.remote, tkgrag.client",
    "full CLI (tkgrag.cli.app)": "import tkgrag.cli.app",
}
HEAVY = ("pandas", "torch", "openai", "neo4j", "scipy", "sentence_transformers", "fastapi", "mcp")


def once(tree: str, statement: str) -> tuple[float, list[str]] | None:
    """One fresh process: the cumulative import seconds of the top-level imports, and the heavy modules loaded."""
    env = {**os.environ, "PYTHONPATH": tree}
    probe = f"{statement}; import sys; print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    if True:
        out = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", probe], capture_output=True, text=True, env=env, cwd=tree
        )
        if out.returncode != 0:
            return None  # the statement does not exist in that tree
        rows = [r for r in out.stderr.splitlines() if r.startswith("import time:") and "|" in r]
        top = [int(r.split("|")[1]) for r in rows if re.match(r"import time:\s+\d+ \|\s+\d+ \| (\S)", r)]
        return sum(top) / 1e6, eval(out.stdout.strip().splitlines()[-1])  # the printed list literal
    return None


def measure(trees: list[str], statement: str, runs: int) -> list[tuple[float, list[str]] | None]:
    """The trees' runs interleaved (A B A B ...), so a change of machine load hits both alike; medians."""
    seen: list[list[tuple[float, list[str]]] | None] = [[] for _ in trees]
    for _ in range(runs):
        for i, tree in enumerate(trees):
            if seen[i] is None:
                continue
            m = once(tree, statement)
            if m is None:
                seen[i] = None
            else:
                seen[i].append(m)  # type: ignore[union-attr]
    return [None if s is None else (statistics.median(x[0] for x in s), s[-1][1]) for s in seen]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", action="append", required=True, help="NAME=PATH")
    ap.add_argument("--runs", type=int, default=7)
    ns = ap.parse_args()
    trees = [t.split("=", 1) for t in ns.tree]
    a, b, c = os.getloadavg()
    print(f"load average {a:.2f} {b:.2f} {c:.2f} ({os.cpu_count()} CPUs); median of {ns.runs} fresh processes\n")
    print("| statement | " + " | ".join(f"{n}: s (heavy modules loaded)" for n, _ in trees) + " |")
    print("|---|" + "---|" * len(trees))
    for label, statement in STATEMENTS.items():
        cells = []
        for m in measure([path for _, path in trees], statement, ns.runs):
            cells.append("absent" if m is None else f"{m[0]:.2f} ({', '.join(m[1]) or 'none'})")
        print(f"| `{label}` | " + " | ".join(cells) + " |")
    a, b, c = os.getloadavg()
    print(f"\nload average at the end {a:.2f} {b:.2f} {c:.2f}")


if __name__ == "__main__":
    main()
