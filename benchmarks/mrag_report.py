"""The MRAG report tables from three `tkgrag eval` runs over one passage pool (TimeQA + MenatQA passages):
TimeQA as annotated, its perturbed copy (`make_perturbed_timeqa.py`: same answers, other date phrasings) and MenatQA
(original questions and their scope / granularity / counterfactual variants).

    python benchmarks/mrag_report.py --timeqa RUN_DIR --perturbed RUN_DIR --kinds PERTURBED.json.kinds.json \\
        --menatqa RUN_DIR > report-tables.md

Prints markdown: methods x metrics per dataset, the drop from original to perturbed per method and per perturbation
kind (ER from predictions.jsonl), and MenatQA per variant type. Every figure is read from the runs; nothing is
computed here that the runs did not measure, except the per-kind ER means over their questions.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

METRICS = ["AR@1", "AR@5", "ER@1", "ER@5", "AR@10", "ER@10", "tokens_mean", "latency_ms_p50", "latency_ms_p95"]


def load(run: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((run / "metrics.json").read_text(encoding="utf-8"))
    return doc


def fmt(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.0f}" if abs(v) >= 100 else f"{v:.3f}"
    return str(v)


def table(doc: dict[str, Any], title: str) -> list[str]:
    methods = list(doc["methods"])
    out = [f"### {title} ({doc['questions']} questions)", "", "| metric | " + " | ".join(methods) + " |"]
    out.append("|---" * (len(methods) + 1) + "|")
    for m in METRICS:
        vals = [doc["methods"][x]["overall"].get(m) for x in methods]
        cells = [f"{v:.0f}" if isinstance(v, float) and ("latency" in m or "tokens" in m) else fmt(v) for v in vals]
        out.append(f"| {m} | " + " | ".join(cells) + " |")
    return [*out, ""]


def drops(orig: dict[str, Any], pert: dict[str, Any]) -> list[str]:
    methods = [m for m in orig["methods"] if m in pert["methods"]]
    out = [
        "### Original -> perturbed (TimeQA)",
        "",
        "| method | AR@1 | AR@1 perturbed | drop | ER@1 | ER@1 perturbed | drop |",
    ]
    out.append("|---|---|---|---|---|---|---|")
    for m in methods:
        a, b = orig["methods"][m]["overall"], pert["methods"][m]["overall"]
        out.append(
            f"| {m} | {a['AR@1']:.3f} | {b['AR@1']:.3f} | {a['AR@1'] - b['AR@1']:+.3f} | {a['ER@1']:.3f} | "
            f"{b['ER@1']:.3f} | {a['ER@1'] - b['ER@1']:+.3f} |"
        )
    return [*out, ""]


def er_by_kind(run: Path, kinds_path: Path) -> list[str]:
    kinds = json.loads(kinds_path.read_text(encoding="utf-8"))
    kind_of = {}
    for key, v in kinds.items():
        index, j = key.rsplit("::", 1)
        kind_of[f"{index}:q{j}"] = v["kind"]
    sums: dict[tuple[str, str], list[float]] = defaultdict(list)
    for line in (run / "predictions.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        gold = set(r["gold"]["passages"])
        kind = kind_of.get(r["qid"])
        if not gold or kind is None:
            continue
        for k in (1, 5):
            sums[(r["method"], f"{kind} ER@{k}")].append(len(gold & set(r["evidence"][:k])) / len(gold))
    methods = sorted({m for m, _ in sums}, key=list(dict.fromkeys(m for m, _ in sums)).index)
    cols = sorted({c for _, c in sums})
    counts = {c: len(sums[(methods[0], c)]) for c in cols}
    out = ["### Perturbed TimeQA by perturbation kind (ER from predictions)", ""]
    out.append("| method | " + " | ".join(f"{c} (n={counts[c]})" for c in cols) + " |")
    out.append("|---" * (len(cols) + 1) + "|")
    for m in methods:
        out.append(f"| {m} | " + " | ".join(f"{sum(sums[(m, c)]) / len(sums[(m, c)]):.3f}" for c in cols) + " |")
    return [*out, ""]


def by_type(doc: dict[str, Any], metrics: list[str]) -> list[str]:
    methods = list(doc["methods"])
    types = list(doc["methods"][methods[0]]["by_qtype"])
    out = ["### MenatQA by question variant", "", "| method | metric | " + " | ".join(types) + " |"]
    out.append("|---" * (len(types) + 2) + "|")
    for m in methods:
        for metric in metrics:
            row = [fmt(doc["methods"][m]["by_qtype"][t].get(metric)) for t in types]
            out.append(f"| {m} | {metric} | " + " | ".join(row) + " |")
    return [*out, ""]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--timeqa", type=Path, required=True)
    ap.add_argument("--perturbed", type=Path, required=True)
    ap.add_argument("--kinds", type=Path, required=True)
    ap.add_argument("--menatqa", type=Path, required=True)
    a = ap.parse_args()
    tq, pt, mq = load(a.timeqa), load(a.perturbed), load(a.menatqa)
    lines = table(tq, "TimeQA (human-annotated train)") + table(pt, "TimeQA perturbed") + drops(tq, pt)
    lines += er_by_kind(a.perturbed, a.kinds) + table(mq, "MenatQA (original + updated variants)")
    lines += by_type(mq, ["ER@1", "ER@5", "AR@1"])
    print("\n".join(lines))


if __name__ == "__main__":
    main()
