"""Warm retrieval latency of two checkouts of tkgrag on the same store, interleaved, for before/after comparisons.

    # one round = every method once in each tree, A then B, in fresh processes; rounds alternate the order
    python benchmarks/bench_retrieval_ab.py --a ../baseline --b . --rounds 2 --questions 200 \
        --instance bench --bolt-port 17801 --http-port 17802

Each measurement runs in a fresh process whose ``PYTHONPATH`` is the tree under test (the venv's editable install
is shadowed), opens the store, embeds and retrieves ``WARMUP`` questions untimed, then times ``--questions`` tkgqa
dev questions one at a time with the public ``TKGRag.retrieve(question, method, k, constraint)`` call that both trees
have. ``star+tc`` gets the question's first explicit temporal constraint (what the evaluation gave it before the
retrieval contract); the other methods get none. It also compares the retrieved item keys question by question: on
the same store, the same keys in the same order mean the two trees retrieve identically. Interleaving A and B
(ABBA) keeps a drifting machine load from favouring one tree. Prints a table and writes JSON with ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
DATA = HERE.parent.parent.parent / "shared" / "data" / "tkgqa" / "icews14_dev.jsonl"
WARMUP = 5


def worker(method: str, questions_file: Path, n: int) -> None:
    from tkgrag.api import TKGRag

    try:  # the tree after the retrieval-contract redesign
        from tkgrag.question.understanding import question_constraints

        def first(q: str) -> Any:
            tcs = question_constraints(q)
            return tcs[0] if tcs else None
    except ImportError:  # the tree before it (tkgrag.eval.runner.question_constraint)
        import importlib

        first = importlib.import_module("tkgrag.eval.runner").question_constraint

    questions = [json.loads(x)["question"] for x in questions_file.read_text().splitlines() if x.strip()][:n]
    ms: list[float] = []
    keys: list[list[str]] = []
    with TKGRag.connect() as rag:
        for i, q in enumerate(questions[:WARMUP] + questions):
            c = first(q) if method == "star+tc" else None
            t0 = time.perf_counter()
            r = rag.retrieve(q, method, 10, c)
            if i >= WARMUP:
                ms.append((time.perf_counter() - t0) * 1000.0)
                keys.append([e.key for e in r.evidence])
    print(json.dumps({"method": method, "ms": ms, "keys": keys}))


def measure(tree: Path, method: str, args: argparse.Namespace) -> tuple[list[float], list[list[str]]]:
    env = {**os.environ, "PYTHONPATH": str(tree.resolve()), "TKGRAG_NO_PROGRESS": "1"}
    env.update(
        TKGRAG_INSTANCE=args.instance, TKGRAG_BOLT_PORT=str(args.bolt_port), TKGRAG_HTTP_PORT=str(args.http_port)
    )
    cmd = [sys.executable, str(HERE), "--worker", method, "--questions", str(args.questions)]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"{tree} {method} failed:\n{proc.stderr[-3000:]}")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    return out["ms"], out["keys"]


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", type=Path, help="tree A (before)")
    ap.add_argument("--b", type=Path, help="tree B (after)")
    ap.add_argument("--methods", default="vector,star,star-uniform,star+tc")
    ap.add_argument("--questions", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--instance", default="bench")
    ap.add_argument("--bolt-port", type=int, default=17801)
    ap.add_argument("--http-port", type=int, default=17802)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker, DATA, args.questions)
        return
    if args.a is None or args.b is None:
        ap.error("--a and --b name the two trees")
    trees = {"A": args.a, "B": args.b}
    results: dict[str, dict[str, list[float]]] = {"A": {}, "B": {}}
    keys: dict[str, dict[str, list[list[str]]]] = {"A": {}, "B": {}}
    for r in range(args.rounds):
        for method in args.methods.split(","):
            order = ("A", "B") if r % 2 == 0 else ("B", "A")
            for side in order:
                ms, got = measure(trees[side], method, args)
                results[side].setdefault(method, []).extend(ms)
                keys[side][method] = got
                print(f"round {r + 1} {side} {method}: p50 {statistics.median(ms):.1f} ms", file=sys.stderr, flush=True)
    rows = []
    print(f"{'method':<14}{'A p50':>9}{'B p50':>9}{'B/A':>7}{'A p95':>9}{'B p95':>9}{'same top-10':>13}")
    for method in args.methods.split(","):
        a, b = results["A"][method], results["B"][method]
        row = {
            "method": method,
            "n": len(a),
            "a_p50": statistics.median(a),
            "b_p50": statistics.median(b),
            "a_p95": pct(a, 95),
            "b_p95": pct(b, 95),
            "same_keys": sum(1 for x, y in zip(keys["A"][method], keys["B"][method], strict=True) if x == y),
            "questions": len(keys["A"][method]),
        }
        rows.append(row)
        ratio = row["b_p50"] / row["a_p50"]
        same = f"{row['same_keys']}/{row['questions']}"
        print(
            f"{method:<14}{row['a_p50']:>9.1f}{row['b_p50']:>9.1f}{ratio:>7.3f}{row['a_p95']:>9.1f}{row['b_p95']:>9.1f}"
            f"{same:>13}"
        )
    if args.out:
        doc = {"a": str(args.a), "b": str(args.b), "rounds": args.rounds, "rows": rows, "loadavg": os.getloadavg()}
        args.out.write_text(json.dumps(doc, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
