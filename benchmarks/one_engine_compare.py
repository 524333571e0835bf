"""Before/after check for issue 25 (one answer engine): the same ``tkgrag eval`` run by two code versions against the
same store, one after the other, with the machine load printed around each.

    .venv/bin/python benchmarks/one_engine_compare.py --before-src ../main --questions DATA/tkgqa/icews14_dev.jsonl \
        [-m vector -m star+tc -m star+] [--reader symbolic] [--limit N] [--figure AR@1 ...]
        [--out benchmarks/results/<date>/one-engine]

``--before-src`` is a checkout of the code before the change (its ``tkgrag`` package is put first on
``PYTHONPATH``); the after side is this checkout. The store is the one the environment names (``TKGRAG_INSTANCE``
and ports, or ``NEO4J_URI``); the script only reads it. Writes ``report.md`` and ``metrics.json`` (both sides'
metric documents) under ``--out``; the per-question predictions stay in a temporary folder, compared here: how many
questions got the same top answer and the same evidence list.
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

HERE = Path(__file__).resolve().parents[1]
FIGURES = ("hit@1", "evidence_recall@10", "answer_rate", "latency_ms_p50")


def run_eval(src: Path, args: argparse.Namespace, out: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(src), "TKGRAG_NO_PROGRESS": "1"}
    cmd = [sys.executable, "-m", "tkgrag.cli.app", "eval", str(args.questions), "--reader", args.reader]
    for m in args.method:
        cmd += ["--method", m]
    if args.limit:
        cmd += ["--limit", str(args.limit)]
    cmd += ["--out", str(out), "--no-progress"]
    load = [round(x, 2) for x in os.getloadavg()]
    print(f"{src}: load before {load}", flush=True)
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, cwd=src, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - t0
    after = [round(x, 2) for x in os.getloadavg()]
    print(f"{src}: {seconds:.0f} s, load after {after}", flush=True)
    doc = json.loads((out / "metrics.json").read_text())
    return {"metrics": doc, "load_before": load, "load_after": after, "seconds": round(seconds, 1)}


def predictions(out: Path) -> dict[tuple[str, str], dict[str, Any]]:
    rows = [json.loads(x) for x in (out / "predictions.jsonl").read_text().splitlines() if x.strip()]
    return {(r["method"], r["qid"]): r for r in rows}


def answered(rows: dict[tuple[str, str], dict[str, Any]], method: str) -> float:
    mine = [r for (m, _), r in rows.items() if m == method]
    return sum(1 for r in mine if r["predictions"]) / len(mine) if mine else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before-src", type=Path, required=True)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("-m", "--method", action="append", default=None)
    ap.add_argument("--reader", default="symbolic")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--figure", action="append", default=None, help=f"metrics to tabulate (default: {FIGURES})")
    ap.add_argument("--out", type=Path, default=HERE / "benchmarks/results/2026-11-25/one-engine")
    args = ap.parse_args()
    args.method = args.method or ["vector", "star+tc", "star+"]
    figures = tuple(args.figure or FIGURES)
    args.questions = args.questions.resolve()
    args.out = args.out.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        sides = {}
        rows = {}
        for label, src in (("before", args.before_src.resolve()), ("after", HERE)):
            out = Path(tmp) / label
            sides[label] = run_eval(src, args, out)
            rows[label] = predictions(out)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "metrics.json").write_text(json.dumps(sides, indent=1) + "\n", encoding="utf-8")
    lines = [
        "# One answer engine: before/after on the same store, same run",
        "",
        f"`benchmarks/one_engine_compare.py --questions {args.questions.name} "
        + " ".join(f"-m {m}" for m in args.method)
        + f" --reader {args.reader}"
        + (f" --limit {args.limit}" if args.limit else "")
        + "".join(f" --figure {f}" for f in args.figure or ())
        + "`",
        "",
    ]
    for label, side in sides.items():
        lines.append(f"- {label}: {side['seconds']:.0f} s, load {side['load_before']} -> {side['load_after']}")
    lines += ["", "| method | figure | before | after |", "|---|---|---|---|"]
    for m in args.method:
        for f in figures:
            vals = []
            for label in ("before", "after"):
                overall = sides[label]["metrics"]["methods"][m]["overall"]
                v = answered(rows[label], m) if f == "answer_rate" else overall.get(f)
                vals.append("-" if v is None else f"{v:.3f}" if isinstance(v, float) else str(v))
            lines.append(f"| {m} | {f} | {vals[0]} | {vals[1]} |")
    lines += ["", "| method | same top answer | same evidence list | questions |", "|---|---|---|---|"]
    for m in args.method:
        keys = [k for k in rows["before"] if k[0] == m]
        top = sum(
            1
            for k in keys
            if [p["answer"] for p in rows["before"][k]["predictions"][:1]]
            == [p["answer"] for p in rows["after"].get(k, {"predictions": []})["predictions"][:1]]
        )
        ev = sum(1 for k in keys if rows["before"][k]["evidence"] == rows["after"].get(k, {}).get("evidence"))
        lines.append(f"| {m} | {top} | {ev} | {len(keys)} |")
    changed = [
        (k, rows["before"][k]["predictions"][:1], rows["after"][k]["predictions"][:1])
        for k in rows["before"]
        if k in rows["after"]
        and [p["answer"] for p in rows["before"][k]["predictions"][:1]]
        != [p["answer"] for p in rows["after"][k]["predictions"][:1]]
    ]
    lines += ["", "Top answers that changed:", ""]
    lines += [
        f"- {m} {qid}: {rows['before'][(m, qid)]['question']} | before {b} | after {a} "
        f"({rows['after'][(m, qid)].get('abstained') or ''})"
        for (m, qid), b, a in changed[:40]
    ] or ["- none"]
    (args.out / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
