"""TimeR4 against the baselines on one question set, all methods in the same run (same questions, same seed):
evidence hit@10 / evidence recall@10 / answer recall@10 with reader `none`, Hit@1 with the `symbolic` reader, and
retrieval latency p50/p95, overall and per question type.

    TKGRAG_INSTANCE=icews14 TKGRAG_BOLT_PORT=7801 TKGRAG_HTTP_PORT=7802 \\
      python benchmarks/bench_timer4.py ../shared/data/tkgqa/icews14_dev.jsonl --label tkgqa-icews14 \\
      --out benchmarks/results/2026-11-25/timer4

Writes ``<label>.json`` (both readers' metrics documents) and ``<label>.md`` (the tables) in ``--out``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag
from tkgrag.evaluation.runner import EvalOptions, run_eval
from tkgrag.sources.benchmarks import load_dataset

METHODS = ("vector", "timer4-no-rewrite", "timer4-no-rerank", "timer4", "star+tc")
RETRIEVAL = ("evidence_hit@10", "evidence_recall@10", "answer_recall@10", "latency_ms_p50", "latency_ms_p95")


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.0f}" if v >= 10 else f"{v:.3f}"
    return str(v)


def table(doc: dict[str, Any], metrics: tuple[str, ...], by_type: bool) -> list[str]:
    methods = list(doc["methods"])
    lines = ["| method | " + " | ".join(metrics) + " |", "|---" * (len(metrics) + 1) + "|"]
    for m in methods:
        o = doc["methods"][m]["overall"]
        lines.append(f"| `{m}` | " + " | ".join(_fmt(o.get(k, "-")) for k in metrics) + " |")
    if by_type:
        key = "evidence_recall@10" if "evidence_recall@10" in metrics else metrics[0]
        if all(doc["methods"][m]["overall"].get(key) is None for m in methods):
            key = "answer_recall@10"  # a file without gold evidence (the MultiTQ sample)
        types = sorted({t for m in methods for t in doc["methods"][m].get("by_qtype", {})})
        lines += ["", f"{key} per question type:", "", "| qtype (n) | " + " | ".join(f"`{m}`" for m in methods) + " |"]
        lines.append("|---" * (len(methods) + 1) + "|")
        for t in types:
            n = doc["methods"][methods[0]]["by_qtype"].get(t, {}).get("n", "?")
            cells = [_fmt(doc["methods"][m]["by_qtype"].get(t, {}).get(key, "-")) for m in methods]
            lines.append(f"| {t} ({n}) | " + " | ".join(cells) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--label", required=True)
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/2026-11-25/timer4"))
    ap.add_argument("--method", action="append", default=None, help=f"default: {', '.join(METHODS)}")
    ap.add_argument("--limit", type=int, default=None, help="questions, round-robin over types (default all)")
    ap.add_argument(
        "--symbolic-limit", type=int, default=None, help="questions for the symbolic reader's Hit@1 (0: skip it)"
    )
    a = ap.parse_args(argv)
    methods = tuple(a.method or METHODS)
    dataset = load_dataset(a.dataset)
    a.out.mkdir(parents=True, exist_ok=True)
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else []
    docs: dict[str, Any] = {}
    started = time.time()
    with TKGRag.connect() as rag:
        for m in methods:
            rag.retriever(m)  # load every model before timing (warm latency)
        docs["none"] = run_eval(
            rag, dataset, EvalOptions(methods=methods, reader="none", limit=a.limit)
        ).metrics_document()
        sym = a.symbolic_limit if a.symbolic_limit is not None else a.limit
        if sym != 0:
            docs["symbolic"] = run_eval(
                rag, dataset, EvalOptions(methods=methods, reader="symbolic", limit=sym)
            ).metrics_document()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    meta = {"dataset": str(a.dataset), "commit": commit, "load_before": load, "seconds": round(time.time() - started)}
    (a.out / f"{a.label}.json").write_text(json.dumps({"meta": meta, **docs}, indent=2), encoding="utf-8")
    symbolic = docs.get("symbolic")
    lines = [
        f"## {a.label}: {docs['none']['questions']} questions (reader none), "
        f"{symbolic['questions'] if symbolic else 0} (symbolic)",
        "",
        f"`{a.dataset}`, commit {commit}, load average before the run {' '.join(load)}, {meta['seconds']} s.",
        "",
        "Retrieval (reader `none`; latency = constraint derivation + retrieval, warm):",
        "",
        *table(docs["none"], RETRIEVAL, by_type=True),
        "",
    ]
    if symbolic:
        lines += [
            "Symbolic reader:",
            "",
            *table(symbolic, ("hit@1", "evidence_recall@10", "latency_ms_p50"), by_type=False),
            "",
        ]
    (a.out / f"{a.label}.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
