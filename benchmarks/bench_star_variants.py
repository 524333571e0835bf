"""STAR-RAG variants beyond the paper, side by side with the paper's methods, on one store and one question set.

    python benchmarks/bench_star_variants.py DATASET --reader symbolic --half even --out DIR [--only NAME ...]

Each variant is a method recipe with option overrides (the same as `tkgrag eval -s METHOD:NAME=VALUE`); all run
through `tkgrag.evaluation.runner.run_eval`, so the metrics are the eval's (evidence hit/recall@10, answer recall@10,
per question type, latency, tokens). ``--half even|odd`` keeps the questions at even / odd positions of the file:
options are chosen on one half and confirmed on the other, so the winner is not tuned to the questions it is
reported on. Writes ``DIR/metrics.json`` ({variant: {overall, by_qtype}}) and prints a table.

Needs a store with embeddings and a rule graph (`tkgrag rules build`); point it at an instance with TKGRAG_INSTANCE /
TKGRAG_BOLT_PORT / TKGRAG_HTTP_PORT.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from tkgrag.items import item_from_row
from tkgrag.model import Retrieval
from tkgrag.queries import rules as q
from tkgrag.retrievers.base import RetrievalRequest, Retriever, RetrieverBase
from tkgrag.retrievers.star.variants import NO_DAY, proximity, reference_day
from tkgrag.store import Store

# The same anchor item and temporal-proximity score as star+ (its defaults), over vector+tc's candidates instead of
# the rule graph's: what star+ gains without any rule, so the rule graph's own share can be read off.
NO_RULES = "vector+tc +anchor +proximity (no rule graph)"


@dataclass
class TemporalRerank(RetrieverBase):
    """``base`` asked for ``pool`` items, rescored cosine + weight x proximity, the grounded anchor event first."""

    base: Retriever
    store: Store
    pool: int = 100
    weight: float = 0.1
    scale_days: float = 30.0
    name: str = NO_RULES

    def __post_init__(self) -> None:
        self.kinds = self.base.kinds
        self.needs = self.base.needs

    def run(self, request: RetrievalRequest) -> Retrieval:
        got = self.base.retrieve(replace(request, k=max(self.pool, request.k)))
        ev = got.evidence
        days = np.array([e.span.start.toordinal() if e.span.start else NO_DAY for e in ev], dtype=np.int32)
        score = np.array([e.score for e in ev], dtype=np.float64)
        ref = reference_day(request.constraints, request.question, days, score, 50) if ev else None
        if ref is not None:
            score = score + self.weight * proximity(days, ref, self.scale_days)
        ranked = [ev[i] for i in sorted(range(len(ev)), key=lambda i: (-score[i], ev[i].key))]
        anchors = list(dict.fromkeys(c.anchor_event for c in request.constraints if c.anchor_event))
        first = [
            item_from_row(r)
            for r in self.store.run(q.EVENT_ITEMS_BY_KEY, {"keys": anchors, "kinds": None, "k": len(anchors)})
        ]
        taken = {e.key for e in first}
        evidence = (first + [e for e in ranked if e.key not in taken])[: request.k]
        return replace(got, method=self.name, evidence=evidence)


# name -> (recipe, overrides). The paper's methods first, then star+ and its ablations (one part off at a time),
# then the K1/K2 sweep of the paper's Figure 5 on star+tc.
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "vector": ("vector", {}),
    "vector+tc": ("vector+tc", {}),
    "star": ("star", {}),
    "star+tc": ("star+tc", {}),
    "star+": ("star+", {}),
    "star+ -anchor seeds": ("star+", {"anchor_seed_mass": 0.0}),
    "star+ -anchor item": ("star+", {"include_anchor": False}),
    "star+ -ppr mass": ("star+", {"ppr_weight": 0.0}),
    "star+ -proximity": ("star+", {"proximity_weight": 0.0}),
    "star+ no walk": ("star+", {"restart": 0.99}),  # PPR mass stays on the seed rules: no rule edge is followed
    "star+tc +anchor item": ("star+tc", {"include_anchor": True}),
    "star+ +reserve 2": ("star+", {"reserve": 2}),
    "star+ +vector pool": ("star+", {"vector_pool": 100}),
    "star+ proximity 0.05": ("star+", {"proximity_weight": 0.05}),
    "star+ proximity 0.2": ("star+", {"proximity_weight": 0.2}),
    "star+ days 7": ("star+", {"proximity_days": 7.0}),
    "star+ days 90": ("star+", {"proximity_days": 90.0}),
    "star+ ppr 0.2": ("star+", {"ppr_weight": 0.2}),
    "star+ anchor mass 0.8": ("star+", {"anchor_seed_mass": 0.8}),
    NO_RULES: ("vector+tc", {}),
    "star+tc k1=5": ("star+tc", {"k1": 5}),
    "star+tc k1=20": ("star+tc", {"k1": 20}),
    "star+tc k2=10": ("star+tc", {"k2": 10}),
    "star+tc k2=50": ("star+tc", {"k2": 50}),
}


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--reader", default="symbolic", help="symbolic (grounded anchors reach the retriever) or none")
    ap.add_argument("--half", choices=("even", "odd", "all"), default="all")
    ap.add_argument("--only", action="append", help="variant names to run (default: all)")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()

    from tkgrag.api import TKGRag
    from tkgrag.eval import load_dataset
    from tkgrag.evaluation.runner import EvalOptions, run_eval

    dataset = load_dataset(args.dataset)
    if args.half != "all":
        keep = 0 if args.half == "even" else 1
        dataset = dataclasses.replace(dataset, questions=[q for i, q in enumerate(dataset.questions) if i % 2 == keep])
    names = args.only or list(VARIANTS)
    unknown = [n for n in names if n not in VARIANTS]
    if unknown:
        sys.exit(f"unknown variants {unknown}; known: {list(VARIANTS)}")
    args.out.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {
        "dataset": str(args.dataset),
        "reader": args.reader,
        "half": args.half,
        "questions": len(dataset.questions),
        "loadavg_start": os.getloadavg(),
        "variants": {},
    }
    with TKGRag.connect() as rag:
        for name in names:
            recipe, overrides = VARIANTS[name]
            rag.method_options[recipe] = overrides
            rag._retrievers.pop(recipe, None)  # a fresh retriever with these options
            if name == NO_RULES:
                rag._retrievers[recipe] = TemporalRerank(rag.retriever(recipe), rag.store)
            run = run_eval(rag, dataset, EvalOptions(methods=(recipe,), reader=args.reader, progress=False))
            doc["variants"][name] = {"recipe": recipe, "options": overrides} | run.metrics_document()["methods"][recipe]
            o = doc["variants"][name]["overall"]
            shown = ("evidence_hit@10", "evidence_recall@10", "answer_recall@10", "hit@1", "latency_ms_p50")
            print(f"{name:24s} " + "  ".join(f"{m} {_fmt(o.get(m))}" for m in shown), flush=True)
            (args.out / "metrics.json").write_text(json.dumps(doc, indent=2), encoding="utf-8")
    doc["loadavg_end"] = os.getloadavg()
    (args.out / "metrics.json").write_text(json.dumps(doc, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
