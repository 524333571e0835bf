"""Markdown tables of one or more ``bench_exaqt.py`` runs (``metrics.json``): P@1 / MRR / Hit@5 per category for
each ranking, the share of answerable questions right at rank 1, and the Stage-1 answer recall after each step.

    python benchmarks/exaqt_tables.py RUN/metrics.json [MORE/metrics.json ...]
"""

from __future__ import annotations

import argparse
import json
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", type=Path, nargs="+")
    args = ap.parse_args()
    for path in args.runs:
        print("\n".join(tables(json.loads(path.read_text(encoding="utf-8")), str(path))))


if __name__ == "__main__":
    main()
