"""Choose TimeR4's rerank options (phi_t's ``bound_order``, the ordinal's ``ordinal_margin``) on our OWN validation
questions, never on the dev sets: every variant and `timer4-no-rerank` in one run on the same questions.

    python benchmarks/make_timer4_validation.py TRAINING.jsonl --out runs/timer4_validation.jsonl
    TKGRAG_INSTANCE=icews0515 TKGRAG_BOLT_PORT=7803 TKGRAG_HTTP_PORT=7804 \\
      python benchmarks/tune_timer4_rerank.py runs/timer4_validation.jsonl --out benchmarks/results/<date>/timer4-tune

Writes ``tune.json`` and ``tune.md`` (evidence hit@10, evidence recall@10, answer recall@10 per variant, overall and
per question type).
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag
from tkgrag.evaluation.runner import EvalOptions, run_eval
from tkgrag.sources.benchmarks import load_dataset

METRICS = ("evidence_hit@10", "evidence_recall@10", "answer_recall@10")


def variants(margins: list[float]) -> dict[str, tuple[str, dict[str, Any]]]:
    """Eq. 9 as printed (nearest, every candidate ordered), then the flat bound with each ordinal margin (the two
    options act on different question types, so one grid line each is enough)."""
    out: dict[str, tuple[str, dict[str, Any]]] = {
        "no-rerank": ("timer4-no-rerank", {}),
        "bound=nearest margin=2": ("timer4", {"bound_order": "nearest", "ordinal_margin": 2.0}),
    }
    for m in margins:
        out[f"bound=none margin={m:g}"] = ("timer4", {"bound_order": "none", "ordinal_margin": m})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--margin", type=float, action="append", default=None, help="default: 2, 0.1, 0.05, 0.02, 0")
    ap.add_argument("--limit", type=int, default=None)
    a = ap.parse_args(argv)
    dataset = load_dataset(a.dataset)
    a.out.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {}
    for label, (method, options) in variants(a.margin or [2.0, 0.1, 0.05, 0.02, 0.0]).items():
        with TKGRag.connect() as rag:
            rag.method_options[method] = options
            doc = run_eval(
                rag, dataset, EvalOptions(methods=(method,), reader="none", limit=a.limit, progress=False)
            ).metrics_document()
        results[label] = doc["methods"][method]
        o = results[label]["overall"]
        print(f"{label:28s} " + "  ".join(f"{k} {o.get(k, float('nan')):.3f}" for k in METRICS), flush=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    (a.out / "tune.json").write_text(json.dumps({"commit": commit, "variants": results}, indent=2), encoding="utf-8")
    types = sorted({t for r in results.values() for t in r.get("by_qtype", {})})
    lines = [
        f"## TimeR4 rerank options on our own validation questions (`{a.dataset.name}`, commit {commit})",
        "",
        "| variant | " + " | ".join(METRICS) + " |",
        "|---" * (len(METRICS) + 1) + "|",
    ]
    for label, r in results.items():
        lines.append(f"| {label} | " + " | ".join(f"{r['overall'].get(k, 0):.3f}" for k in METRICS) + " |")
    for metric in ("evidence_hit@10", "evidence_recall@10"):
        lines += ["", f"{metric} per question type:", "", "| variant | " + " | ".join(types) + " |"]
        lines.append("|---" * (len(types) + 1) + "|")
        for label, r in results.items():
            cells = [f"{r['by_qtype'].get(t, {}).get(metric, 0):.3f}" for t in types]
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
    (a.out / "tune.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
