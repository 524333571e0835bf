"""Before/after table of two evaluation runs of the same dataset (``tkgrag eval`` or ``run_all.py`` output folders).

    python benchmarks/compare_runs.py BEFORE_DIR AFTER_DIR [--metrics evidence_hit@10,evidence_recall@10] [--md OUT]

Each folder holds ``metrics.json`` and ``predictions.jsonl`` or ``predictions.jsonl.gz``. Per method it prints each
metric before, after and the difference, and, from the predictions, on how many questions the retrieved item keys
(in order) and the top answer are identical: identical keys on every question mean the two runs retrieved exactly the
same evidence, whatever the code around it.
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

DEFAULT_METRICS = "evidence_hit@10,evidence_recall@10,answer_recall@10,hit@1,tokens_mean,latency_ms_p50"


def predictions(folder: Path) -> dict[str, dict[str, dict[str, Any]]]:
    path = folder / "predictions.jsonl"
    opener: Any = open
    if not path.is_file():
        path, opener = folder / "predictions.jsonl.gz", gzip.open
    out: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                out[row["method"]][row["qid"]] = row
    return out


def fmt(v: Any) -> str:
    return "-" if v is None else f"{v:.3f}" if isinstance(v, float) else str(v)


def compare(before: Path, after: Path, metrics: list[str]) -> str:
    mb = json.loads((before / "metrics.json").read_text(encoding="utf-8"))["methods"]
    ma = json.loads((after / "metrics.json").read_text(encoding="utf-8"))["methods"]
    pb, pa = predictions(before), predictions(after)
    lines = ["| method | metric | before | after | after - before |", "|---|---|---|---|---|"]
    same_rows = ["| method | questions | identical item keys | identical top answer |", "|---|---|---|---|"]
    for method in [m for m in mb if m in ma]:
        ob, oa = mb[method]["overall"], ma[method]["overall"]
        for name in metrics:
            b, a = ob.get(name), oa.get(name)
            diff = a - b if isinstance(a, int | float) and isinstance(b, int | float) else None
            lines.append(f"| {method} | {name} | {fmt(b)} | {fmt(a)} | {fmt(diff)} |")
        qids = sorted(set(pb.get(method, {})) & set(pa.get(method, {})))
        keys = sum(1 for q in qids if pb[method][q]["evidence"] == pa[method][q]["evidence"])

        def top(row: dict[str, Any]) -> str | None:
            preds = row.get("predictions") or []
            return preds[0]["answer"] if preds else None

        answered = any(top(pb[method][q]) or top(pa[method][q]) for q in qids)
        answers = sum(1 for q in qids if top(pb[method][q]) == top(pa[method][q])) if answered else "- (no reader)"
        same_rows.append(f"| {method} | {len(qids)} | {keys} | {answers} |")
    return "\n".join(lines) + "\n\n" + "\n".join(same_rows) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--metrics", default=DEFAULT_METRICS)
    ap.add_argument("--md", type=Path, help="also write the tables to this Markdown file")
    args = ap.parse_args()
    text = compare(args.before, args.after, [m.strip() for m in args.metrics.split(",") if m.strip()])
    print(text)
    if args.md:
        args.md.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
