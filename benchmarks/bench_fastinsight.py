"""FastInsight against its baselines and ablations in one run, on a corpus graph already ingested and linked.

    TKGRAG_INSTANCE=fi-musique TKGRAG_BOLT_PORT=7710 TKGRAG_HTTP_PORT=7711 \
      python benchmarks/bench_fastinsight.py ../shared/data/corpus_graph/musique_100/musique_train_100.json \
      --out benchmarks/results/2026-11-25/fastinsight

Two passes:
1. **Quality** on every question: capped R@10 and nDCG@10 (tkgrag.eval.metrics, FastInsight Sec. 4.3.1) and
   cross-encoder pairs per query, for each method and for FastInsight at b_max in {10, 20, 50, 100}. A chunk's
   cross-encoder latent depends only on (question, chunk), so this pass shares one latent cache between methods
   (each method's pair count is still what it would encode alone): it changes no ranking, only the CPU bill.
2. **QPT** (query processing time, warm) on the first ``--qpt-questions`` questions, without any cache: each
   method runs every question once after one warm-up query; median and p95 of the wall time of ``retrieve``.

Writes report.md, results.json and r10_vs_qpt.png (R@10 against median QPT, like the paper's Figure 4).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tkgrag.config import load_settings
from tkgrag.embed import default_embedder
from tkgrag.eval.metrics import capped_recall_at, ndcg_at
from tkgrag.eval.types import EvalQuestion, Prediction, RetrievedPassage
from tkgrag.rerank.cross_encoder import CrossEncoderReranker, reranker_name
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.sources.benchmarks import load_dataset
from tkgrag.store import connect

METHODS = ("chunk-vector", "chunk-ppr", "re2", "granker-only", "stex-only", "fastinsight")
NO_CROSS_ENCODER = {"chunk-vector", "chunk-ppr"}
SWEEP = (10, 20, 50, 100)
_PAIRS = re.compile(r"(\d+) cross-encoder pairs")


@dataclass
class CachedReranker:
    """The quality pass's cross-encoder: latents computed once per (question, text) across methods."""

    inner: CrossEncoderReranker
    name: str = "cached"
    cache: dict[tuple[str, str], np.ndarray] = field(default_factory=dict)

    def latents(self, query: str, texts: Sequence[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if (query, t) not in self.cache]
        if todo:
            for t, h in zip(todo, self.inner.latents(query, todo), strict=True):
                self.cache[(query, t)] = h
        if not texts:
            return self.inner.latents(query, [])
        return np.stack([self.cache[(query, t)] for t in texts])

    def head(self, latents: np.ndarray) -> np.ndarray:
        return self.inner.head(latents)


def label(method: str, b_max: int | None) -> str:
    return method if b_max is None else f"{method} b_max={b_max}"


def build(ctx: RetrieverContext, method: str, b_max: int | None, reranker: Any) -> Any:
    r = create(method, ctx, **({"b_max": b_max} if b_max is not None else {}))
    if hasattr(r, "reranker_model"):
        r.reranker_model = reranker
    return r


def score(q: EvalQuestion, keys: list[str]) -> tuple[float, float]:
    pred = Prediction(q.id, passages=tuple(RetrievedPassage(k) for k in keys))
    r = capped_recall_at(10)(q, pred)
    n = ndcg_at(10)(q, pred)
    return float(r or 0.0), float(n or 0.0)


def quality(
    ctx: RetrieverContext,
    runs: list[tuple[str, int | None]],
    qs: list[EvalQuestion],
    ce: Any,
    ce_questions: int,
    save: Any = None,
    minutes: float = 0.0,
) -> dict:
    """R@10 / nDCG@10 per method, question by question (every method on a question before the next question, so a
    run cut short by ``minutes`` still compares all methods on the same questions). Methods with a cross-encoder
    see the first ``ce_questions`` questions; the others all of them, reported apart."""
    retrievers = {label(m, b): build(ctx, m, b, ce) for m, b in runs}
    per: dict[str, dict[str, list[float]]] = {k: {"R": [], "N": [], "P": []} for k in retrievers}
    deadline = time.perf_counter() + minutes * 60 if minutes > 0 else float("inf")
    done_ce = 0
    for i, q in enumerate(qs):
        ce_turn = i < ce_questions and time.perf_counter() < deadline
        for name, r in retrievers.items():
            if not ce_turn and name.split(" ")[0] not in NO_CROSS_ENCODER:
                continue
            res = r.retrieve(RetrievalRequest.of(q.question, k=10))
            rec, nd = score(q, res.keys)
            m = next((_PAIRS.search(n) for n in res.notes if _PAIRS.search(n)), None)
            per[name]["R"].append(rec)
            per[name]["N"].append(nd)
            per[name]["P"].append(int(m.group(1)) if m else 0)
        done_ce += ce_turn
        print(
            f"  quality: question {i + 1}/{len(qs)} (cross-encoder methods on {done_ce})", file=sys.stderr, flush=True
        )
        if save and ce_turn:
            save(summarise(per, done_ce))
    return summarise(per, done_ce)


def summarise(per: dict[str, dict[str, list[float]]], n: int) -> dict:
    out: dict[str, dict[str, Any]] = {}
    for name, v in per.items():
        if not v["R"]:
            continue
        row: dict[str, Any] = {
            "R@10": statistics.mean(v["R"][:n]) if n else float("nan"),
            "nDCG@10": statistics.mean(v["N"][:n]) if n else float("nan"),
            "ce_pairs_per_query": statistics.mean(v["P"][:n]) if n else 0.0,
            "questions": min(n, len(v["R"])),
            "per_question_R@10": v["R"],
        }
        if len(v["R"]) > n:
            row["R@10_all"], row["nDCG@10_all"] = statistics.mean(v["R"]), statistics.mean(v["N"])
            row["questions_all"] = len(v["R"])
        out[name] = row
    return out


def qpt(ctx: RetrieverContext, runs: list[tuple[str, int | None]], qs: list[EvalQuestion], ce: Any) -> dict:
    out = {}
    for method, b_max in runs:
        r = build(ctx, method, b_max, ce)
        r.retrieve(RetrievalRequest.of("warm-up question about a film director", k=10))
        times = []
        for q in qs:
            t0 = time.perf_counter()
            r.retrieve(RetrievalRequest.of(q.question, k=10))
            times.append((time.perf_counter() - t0) * 1000.0)
        out[label(method, b_max)] = {
            "median_ms": statistics.median(times),
            "p95_ms": float(np.percentile(times, 95)),
            "n": len(times),
        }
        print(f"{label(method, b_max)}: QPT median {out[label(method, b_max)]['median_ms']:.0f} ms", file=sys.stderr)
    return out


def plot(results: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    sweep = [(b, results.get(label("fastinsight", b)) or results.get("fastinsight", {})) for b in SWEEP]
    sweep = [(b, v) for b, v in sweep if "median_ms" in v and (b == 100 or label("fastinsight", b) in results)]
    if sweep:
        ax.plot([v["median_ms"] for _, v in sweep], [v["R@10"] for _, v in sweep], "o-", label="FastInsight")
        for b, v in sweep:
            ax.annotate(f"b_max={b}", (v["median_ms"], v["R@10"]), textcoords="offset points", xytext=(4, -10))
    for m, marker in (
        ("re2", "s"),
        ("chunk-vector", "^"),
        ("chunk-ppr", "v"),
        ("granker-only", "D"),
        ("stex-only", "P"),
    ):
        v = results.get(m)
        if v and "median_ms" in v:
            ax.plot([v["median_ms"]], [v["R@10"]], marker, label=m)
    ax.set_xscale("log")
    ax.set_xlabel("query processing time, median (ms, log scale)")
    ax.set_ylabel("capped R@10")
    ax.set_title("R@10 vs QPT on musique_100")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def report(results: dict, meta: dict) -> str:
    rows = [
        f"| method | R@10 (first {meta['ce_questions']}) | nDCG@10 (first {meta['ce_questions']}) | "
        f"R@10 / nDCG@10 (all {meta['questions']}) | CE pairs / query | QPT median (ms) | QPT p95 (ms) |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, v in results.items():
        med = f"{v['median_ms']:.0f}" if "median_ms" in v else "-"
        p95 = f"{v['p95_ms']:.0f}" if "p95_ms" in v else "-"
        everything = f"{v['R@10_all']:.3f} / {v['nDCG@10_all']:.3f}" if "R@10_all" in v else "-"
        rows.append(
            f"| {name} | {v['R@10']:.3f} | {v['nDCG@10']:.3f} | {everything} | {v['ce_pairs_per_query']:.1f} "
            f"| {med} | {p95} |"
        )
    return (
        f"# FastInsight on {meta['dataset']} ({meta['questions']} questions)\n\n"
        f"Command: `{meta['command']}`\n\n"
        f"Cross-encoder: `{meta['reranker']}`. Machine load (uptime) at start: {meta['load_start']}; at end: "
        f"{meta['load_end']}. QPT on the first {meta['qpt_questions']} questions, warm, no cache.\n\n"
        + "\n".join(rows)
        + "\n"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("questions", type=Path)
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/2026-11-25/fastinsight"))
    ap.add_argument("--limit", type=int, default=None, help="first N questions only")
    ap.add_argument("--qpt-questions", type=int, default=20)
    ap.add_argument("--ce-questions", type=int, default=100, help="questions for the cross-encoder methods (CPU-bound)")
    ap.add_argument("--methods", default=",".join(METHODS))
    ap.add_argument("--no-sweep", action="store_true")
    ap.add_argument("--minutes", type=float, default=0.0, help="stop the cross-encoder questions after this long")
    ap.add_argument("--qpt-methods", default="", help="methods timed (default: all run)")
    args = ap.parse_args()

    ds = load_dataset(args.questions)
    qs = [q for q in ds.questions if q.gold_passages][: args.limit]
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    runs: list[tuple[str, int | None]] = [(m, None) for m in methods]
    if not args.no_sweep and "fastinsight" in methods:
        runs += [("fastinsight", b) for b in SWEEP if b != 100]
    load_start = os.getloadavg()
    args.out.mkdir(parents=True, exist_ok=True)

    def partial(results: dict) -> None:  # after each method: a cut-short run still leaves its figures
        (args.out / "partial.json").write_text(json.dumps(results, indent=2) + "\n")

    settings = load_settings()
    needs_ce = any(m not in NO_CROSS_ENCODER for m in methods)
    ce = CrossEncoderReranker(reranker_name()) if needs_ce else None
    with connect(settings) as store:
        ctx = RetrieverContext(store, default_embedder(), settings)
        results = quality(ctx, runs, qs, CachedReranker(ce), args.ce_questions, partial, args.minutes)
        timed = {m.strip() for m in args.qpt_methods.split(",") if m.strip()}
        times = qpt(ctx, [r for r in runs if not timed or label(*r) in timed], qs[: args.qpt_questions], ce)
    for k, v in times.items():
        results[k].update(v)
    meta = {
        "dataset": args.questions.name,
        "questions": len(qs),
        "qpt_questions": min(args.qpt_questions, len(qs)),
        "ce_questions": max((v["questions"] for v in results.values()), default=0),
        "reranker": reranker_name() if needs_ce else "none (no method uses one)",
        "command": "python benchmarks/bench_fastinsight.py " + " ".join(sys.argv[1:]),
        "load_start": " ".join(f"{x:.1f}" for x in load_start),
        "load_end": " ".join(f"{x:.1f}" for x in os.getloadavg()),
    }
    (args.out / "results.json").write_text(json.dumps({"meta": meta, "results": results}, indent=2) + "\n")
    (args.out / "report.md").write_text(report(results, meta))
    plot(results, args.out / "r10_vs_qpt.png")
    print(report(results, meta))


if __name__ == "__main__":
    main()
