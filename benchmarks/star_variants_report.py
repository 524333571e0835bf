"""Markdown tables from ``bench_star_variants.py`` outputs: the overall metrics of each variant and one metric per
question type, so the report's tables are generated, not typed.

    python benchmarks/star_variants_report.py DIR/metrics.json [--metric evidence_recall@10] [--vs vector+tc]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

OVERALL = (
    "evidence_hit@10",
    "evidence_recall@10",
    "answer_recall@10",
    "hit@1",
    "tokens_mean",
    "latency_ms_p50",
    "latency_ms_p95",
)


def _cell(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("metrics", type=Path, nargs="+")
    ap.add_argument("--metric", default="evidence_recall@10", help="the metric of the per-type table")
    ap.add_argument("--vs", default="vector+tc", help="the variant differences are taken against")
    args = ap.parse_args()
    variants: dict[str, dict] = {}
    for path in args.metrics:
        doc = json.loads(path.read_text(encoding="utf-8"))
        variants.update(doc["variants"])
    base = variants.get(args.vs, {}).get("overall", {}).get(args.metric)
    print(f"| variant | {' | '.join(OVERALL)} | {args.metric} - {args.vs} |")
    print("|---" * (len(OVERALL) + 2) + "|")
    for name, v in variants.items():
        o = v["overall"]
        cells = [_cell(o.get(m), 0 if m.startswith(("latency", "tokens")) else 3) for m in OVERALL]
        diff = o.get(args.metric)
        delta = "-" if diff is None or base is None else f"{diff - base:+.3f}"
        print(f"| {name} | {' | '.join(cells)} | {delta} |")
    qtypes = sorted({t for v in variants.values() for t in v.get("by_qtype", {})})
    if not qtypes:
        return
    print(f"\n{args.metric} per question type (n):\n")
    counts = next(iter(variants.values()))["by_qtype"]
    print("| variant | " + " | ".join(f"{t} ({counts.get(t, {}).get('n', '?')})" for t in qtypes) + " |")
    print("|---" * (len(qtypes) + 1) + "|")
    for name, v in variants.items():
        row = [_cell(v["by_qtype"].get(t, {}).get(args.metric)) for t in qtypes]
        print(f"| {name} | {' | '.join(row)} |")


if __name__ == "__main__":
    main()
