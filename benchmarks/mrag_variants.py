"""MRAG ablations offline: fetch each question's candidates once (the same Cypher the retriever runs), then score
ranking variants in Python. Questions are split by loader order into a dev half (where variants were chosen) and a
validation half (where the choice is checked), so a variant that only fits the first half shows it.

    python benchmarks/mrag_variants.py --cache runs/mrag-cands.pkl DATASET            # all variants
    python benchmarks/mrag_variants.py --cache runs/mrag-cands.pkl DATASET "mrag (paper)" "mrag + lookback"

Needs the passages of DATASET ingested with sentences (``tkgrag ingest passages``). Prints ER@1/ER@5/AR@1/AR@5.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from tkgrag.eval import load_dataset
from tkgrag.eval.matching import text_contains_answer
from tkgrag.queries.sentences import MRAG_CANDIDATES
from tkgrag.queries.temporal_filter import constraint_params
from tkgrag.question.constraints import explicit_constraints
from tkgrag.question.understanding import understood
from tkgrag.retrievers.mrag.config import MragConfig
from tkgrag.retrievers.mrag.query import mrag_query
from tkgrag.retrievers.mrag.ranking import rank_passages

Ranker = Callable[[dict[str, Any]], list[dict[str, Any]]]


def fetch(dataset: Path, cache: Path) -> list[dict[str, Any]]:
    if cache.is_file():
        data: list[dict[str, Any]] = pickle.loads(cache.read_bytes())
        return data
    from tkgrag.embed import default_embedder
    from tkgrag.progress import progress_bar
    from tkgrag.store import connect

    ds, store, embedder = load_dataset(dataset), connect(), default_embedder()
    data = []
    bar = progress_bar("candidates")
    with bar:
        task = bar.add_task("candidates", total=len(ds.questions))
        for q in ds.questions:
            tq = understood(q.question)
            mc = mrag_query(q.question, tq, (), MragConfig()).main_content
            cs = explicit_constraints(tq) if tq is not None else ()
            mc_vec, q_vec = (v.tolist() for v in embedder.encode([mc, q.question]))
            base = {"n": 400, "candidates": 100, "prefilter": False}
            data.append(
                {
                    "q": q,
                    "rows": store.run(MRAG_CANDIDATES, {**base, "qvec": mc_vec, **constraint_params(cs)}),
                    "whole": store.run(MRAG_CANDIDATES, {**base, "qvec": q_vec, **constraint_params()}),
                }
            )
            bar.update(task, advance=1)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_bytes(pickle.dumps(data))
    return data


def ranked(config: MragConfig, rows: str = "rows", semantic_only: bool = False) -> Ranker:
    def rank(d: dict[str, Any]) -> list[dict[str, Any]]:
        query = mrag_query(d["q"].question, understood(d["q"].question), (), config)
        if semantic_only:
            query = replace(query, score=None)
        return [r.row for r in rank_passages(d[rows], [1.0], query, config)]

    return rank


VARIANTS: dict[str, Ranker] = {
    "passage-vector (whole question)": lambda d: d["whole"],
    "vector by main content": lambda d: d["rows"],
    "passage-rerank (whole question, sentences)": ranked(MragConfig(temporal=False), "whole", semantic_only=True),
    "main content, sentences, no temporal score": ranked(MragConfig(), semantic_only=True),
    "mrag (paper)": ranked(MragConfig()),
    "mrag + inherit years": ranked(MragConfig(inherit_years=True)),
    "mrag + passage weight 0.3": ranked(MragConfig(passage_weight=0.3)),
    "mrag + flat period": ranked(MragConfig(ramp_unordered=False)),
    "mrag + flat period + inherit years": ranked(MragConfig(ramp_unordered=False, inherit_years=True)),
    "mrag+ (flat period + passage weight 0.3)": ranked(MragConfig(ramp_unordered=False, passage_weight=0.3)),
    "mrag + flat period + passage weight 0.5": ranked(MragConfig(ramp_unordered=False, passage_weight=0.5)),
    "mrag+ + lookback": ranked(MragConfig(ramp_unordered=False, passage_weight=0.3, lookback=True)),
    "mrag + lookback": ranked(MragConfig(lookback=True)),
    "mrag + context 0.3": ranked(MragConfig(context_weight=0.3)),
    "mrag + context 0.5": ranked(MragConfig(context_weight=0.5)),
    "mrag + flat + context 0.3": ranked(MragConfig(ramp_unordered=False, context_weight=0.3)),
    "mrag + flat + context 0.5": ranked(MragConfig(ramp_unordered=False, context_weight=0.5)),
    "mrag+ + context 0.3": ranked(MragConfig(ramp_unordered=False, passage_weight=0.3, context_weight=0.3)),
}


def metrics(items: list[dict[str, Any]], rank: Ranker) -> str:
    er1 = er5 = ar1 = ar5 = 0.0
    with_gold = 0
    for d in items:
        q, rows = d["q"], rank(d)
        keys, texts = [r["key"] for r in rows], [r["text"] for r in rows]
        gold = set(q.gold_passages)
        if gold:
            with_gold += 1
            er1 += len(gold & set(keys[:1])) / len(gold)
            er5 += len(gold & set(keys[:5])) / len(gold)
        ar1 += any(text_contains_answer(t, g) for t in texts[:1] for g in q.answers)
        ar5 += any(text_contains_answer(t, g) for t in texts[:5] for g in q.answers)
    n, ng = max(len(items), 1), max(with_gold, 1)
    return f"ER@1 {er1 / ng:.3f} ER@5 {er5 / ng:.3f} AR@1 {ar1 / n:.3f} AR@5 {ar5 / n:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--cache", type=Path, required=True, help="candidates pickle (written on the first run)")
    ap.add_argument("variants", nargs="*", help=f"names (default: all): {'; '.join(VARIANTS)}")
    a = ap.parse_args()
    started = time.perf_counter()
    data = fetch(a.dataset, a.cache)
    half = len(data) // 2
    print(f"{len(data)} questions: dev = first {half}, validation = last {len(data) - half}", file=sys.stderr)
    for name in a.variants or VARIANTS:
        rank = VARIANTS[name]
        print(f"{name:44s} dev {metrics(data[:half], rank)} | val {metrics(data[half:], rank)}")
    print(f"{time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
