"""Markdown tables of one or more ``bench_exaqt.py`` runs (``metrics.json``): P@1 / MRR / Hit@5 per category for
each ranking, the share of answerable questions right at rank 1, and the Stage-1 answer recall after each step.

    python benchmarks/exaqt_tables.py RUN/metrics.json [MORE/metrics.json ...] [--paired exaqt-rgcn=exaqt-relevance]

``--paired A=B`` reads ``predictions.jsonl`` beside each metrics file and prints the mean P@1 difference A - B on
the same questions with its paired standard error, and how many questions each way.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

CATEGORIES = ("Explicit", "Implicit", "Ordinal", "Temp.Ans")
STAGES = ("nerd", "relevant", "gst", "answer_graph")


def fmt(v: Any) -> str:
    return f"{v:.3f}" if isinstance(v, float) else "-" if v is None else str(v)


def tables(doc: dict[str, Any], name: str) -> list[str]:
    methods = doc["methods"]
    out = [f"### {name}", "", f"load average {doc.get('load_average')}, ranker: {doc.get('ranker')}", ""]
    out.append("| ranking | P@1 | MRR | Hit@5 | " + " | ".join(f"{c} P@1 / MRR / Hit@5" for c in CATEGORIES) + " |")
    out.append("|---" * (4 + len(CATEGORIES)) + "|")
    for m, cats in methods.items():
        o = cats["overall"]
        cells = [fmt(o.get("p@1")), fmt(o.get("mrr")), fmt(o.get("hit@5"))]
        for c in CATEGORIES:
            e = cats.get(c, {})
            cells.append(f"{fmt(e.get('p@1'))} / {fmt(e.get('mrr'))} / {fmt(e.get('hit@5'))}")
        out.append(f"| {m} | " + " | ".join(cells) + " |")
    ans = doc.get("answerable")
    if ans:
        out += ["", f"Answerable questions (a gold answer in the answer graph): {ans['questions']}", ""]
        out.append("| ranking | right at rank 1 | " + " | ".join(CATEGORIES) + " |")
        out.append("|---" * (2 + len(CATEGORIES)) + "|")
        for m, e in ans.items():
            if m == "questions":
                continue
            out.append(f"| {m} | {fmt(e['overall'])} | " + " | ".join(fmt(e.get(c)) for c in CATEGORIES) + " |")
    ex = methods.get("exaqt", {})
    if ex and "nerd" in ex.get("overall", {}):
        out += ["", "| Stage-1 answer recall | overall | " + " | ".join(CATEGORIES) + " |"]
        out.append("|---" * (2 + len(CATEGORIES)) + "|")
        for s in STAGES:
            out.append(
                f"| {s} | {fmt(ex['overall'].get(s))} | "
                + " | ".join(fmt(ex.get(c, {}).get(s)) for c in CATEGORIES)
                + " |"
            )
    out += ["", f"latency {doc.get('exaqt_latency_ms')}, answer graph facts {doc.get('answer_graph_facts')}", ""]
    return out


def paired(predictions: Path, a: str, b: str) -> str:
    rows = [json.loads(line) for line in predictions.read_text(encoding="utf-8").splitlines() if line.strip()]
    diffs = [r["p@1"][a] - r["p@1"][b] for r in rows if a in r.get("p@1", {}) and b in r.get("p@1", {})]
    if not diffs:
        return f"{a} - {b}: no paired rows"
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    up, down = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    return f"{a} - {b}: {mean:+.4f} (paired se {math.sqrt(var / n):.4f}, n {n}; {up} questions gained, {down} lost)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", type=Path, nargs="+")
    ap.add_argument("--paired", action="append", default=[], help="A=B: two rankings of the same run")
    args = ap.parse_args()
    for path in args.runs:
        print("\n".join(tables(json.loads(path.read_text(encoding="utf-8")), str(path))))
        for spec in args.paired:
            a, _, b = spec.partition("=")
            print(paired(path.parent / "predictions.jsonl", a, b))


if __name__ == "__main__":
    main()
