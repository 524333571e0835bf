"""The ``auto`` method on a mixed store: where the router sends each benchmark's questions, and what planning costs.

    # the store: an instance holding icews14 (with vectors and the rule graph), then the other three sets added
    python benchmarks/bench_auto.py load --data ../shared/data            # facts slice, TimeQA passages, musique_100
    python benchmarks/bench_auto.py route --data ../shared/data --n 100   # router's kind per set
    python benchmarks/bench_auto.py latency --data ../shared/data --n 50  # ask auto vs the method it picks, interleaved

``route``: for a seeded sample of each set (tkgqa dev -> events, TimeQuestions dev half -> facts, TimeQA train ->
passages, musique_100 -> chunks; the question's set is the truth), the plan ``auto`` makes on this store: the kind
alone (right), fused with the right kind among them, or another kind (wrong); and the planning time (inventory
cached, as in a warm process). ``latency``: ``ask`` with ``auto`` and with the method auto picked for that question,
after one warm-up question, in alternating order question by question in one process (same caches), p50 and hit@1
of both. Prints the machine load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag
from tkgrag.eval import load_dataset
from tkgrag.eval.matching import same_answer
from tkgrag.planning.auto import AutoRetriever
from tkgrag.retrievers.base import RetrievalRequest

SETS = {
    "tkgqa": ("tkgqa/icews14_dev.jsonl", "event"),
    "timequestions": ("timequestions/questions/test_dev_half.json", "fact"),
    "timeqa": ("timeqa/human_annotated_train.json", "passage"),
    "musique": ("corpus_graph/musique_100/musique_train_100.json", "chunk"),
}
OUT = Path("benchmarks/results/2026-11-25/auto")


def load(data: Path, work: Path) -> None:
    """Add the TimeQuestions slice (facts), the TimeQA train passages and musique_100 (chunks, linked) to the
    instance, without vectors (the router reads no vectors; embedding them is what this machine could not afford)."""
    work.mkdir(parents=True, exist_ok=True)
    facts = work / "timequestions_slice_facts.jsonl"
    py = sys.executable
    steps = [
        [
            py,
            "benchmarks/convert_timequestions_facts.py",
            "--slice",
            "--data",
            str(data / "timequestions"),
            "--out",
            str(facts),
        ],
        [py, "-m", "tkgrag.cli.app", "ingest", "facts", str(facts), "--source", "timequestions-slice", "--no-embed"],
        [
            py,
            "-m",
            "tkgrag.cli.app",
            "ingest",
            "passages",
            str(data / SETS["timeqa"][0]),
            "--source",
            "timeqa",
            "--no-embed",
        ],
        [
            py,
            "-m",
            "tkgrag.cli.app",
            "ingest",
            "corpus",
            str(data / "corpus_graph/musique_100/musique_train_100_corpus.json"),
            "--no-embed",
        ],
        [py, "-m", "tkgrag.cli.app", "corpus", "link"],
    ]
    for cmd in steps:
        print("$", " ".join(cmd[1:]), flush=True)
        subprocess.run(cmd, check=True)


def sample(data: Path, name: str, n: int, seed: int) -> list[Any]:
    qs = list(load_dataset(data / SETS[name][0]).questions)
    random.Random(seed).shuffle(qs)
    return qs[:n]


def route(rag: TKGRag, data: Path, n: int, seed: int) -> dict[str, Any]:
    auto = rag.retriever("auto")
    assert isinstance(auto, AutoRetriever)
    auto.inventory()  # taken once, as a warm process has it
    out: dict[str, Any] = {}
    for name, (_, truth) in SETS.items():
        rows = []
        for q in sample(data, name, n, seed):
            u = rag.understand(q.question)
            t0 = time.perf_counter()
            p = auto.plan(RetrievalRequest.of(q.question, 10, understanding=u))
            ms = (time.perf_counter() - t0) * 1000.0
            kinds = [k.value for k in p.kinds]
            verdict = "right" if kinds == [truth] else ("fused" if truth in kinds else "wrong")
            rows.append({"qid": q.id, "kinds": kinds, "verdict": verdict, "why": p.why, "plan_ms": round(ms, 2)})
        out[name] = rows
        right = sum(r["verdict"] == "right" for r in rows)
        print(f"{name}: {right}/{len(rows)} routed to {truth} alone", flush=True)
    return out


def latency(rag: TKGRag, data: Path, n: int, seed: int) -> dict[str, Any]:
    rows = []
    auto = rag.retriever("auto")
    assert isinstance(auto, AutoRetriever)
    questions = sample(data, "tkgqa", n + 1, seed)
    warm = rag.ask(questions[0].question, method="auto", k=10)  # loads the rule graph's PPR matrix, the grounder
    rag.ask(questions[0].question, method=warm.retrieval.method, k=10)
    for i, q in enumerate(questions[1:]):
        gold = [a.text for a in q.answers]
        # the order alternates, so neither side always meets the caches the other just filled
        if i % 2 == 0:
            a = rag.ask(q.question, method="auto", k=10)
            picked = a.retrieval.method
            b = rag.ask(q.question, method=picked, k=10)
        else:
            plan = auto.plan(RetrievalRequest.of(q.question, 10, understanding=rag.understand(q.question)))
            picked = plan.steps[0].methods[0] if len(plan.steps) == 1 else "auto"
            b = rag.ask(q.question, method=picked, k=10)
            a = rag.ask(q.question, method="auto", k=10)
        rows.append(
            {
                "qid": q.id,
                "picked": picked,
                "auto_ms": a.timings_ms["total"],
                "picked_ms": b.timings_ms["total"],
                "auto_hit": bool(a.best and any(same_answer(a.best, g) for g in gold)),
                "picked_hit": bool(b.best and any(same_answer(b.best, g) for g in gold)),
            }
        )
    return {"rows": rows}


def signals(data: Path) -> str:
    """Parse only (no store): how many questions of each whole set carry a temporal signal. On a mixed store the
    router sends a question without one to every kind, fused (rule 2), and one with one to a single kind (rules 3
    and 4), so this bounds what the store-side rules can get right."""
    from tkgrag.planning.planner import temporal_signal
    from tkgrag.question.understanding import parse_only

    head = "| set | truth | questions | with a temporal signal | of which state a calendar time | without (fused) |"
    lines = [head, "|---|---|---|---|---|---|"]
    for name, (path, truth) in SETS.items():
        qs = [parse_only(q.question).question for q in load_dataset(data / path).questions]
        n = len(qs)
        with_signal = sum(bool(temporal_signal(q)) for q in qs)
        states = sum(q is not None and bool(q.times) for q in qs)
        without = n - with_signal
        lines.append(
            f"| {name} | {truth} | {n} | {with_signal} ({with_signal / n:.1%}) | {states} ({states / n:.1%}) "
            f"| {without} ({without / n:.1%}) |"
        )
    return "\n".join(lines)


def inventory_timing(rag: TKGRag, reps: int) -> str:
    """``take_inventory`` detailed (``tkgrag status``) against the planner's quick form, alternated, in one process."""
    from tkgrag.planning.inventory import take_inventory

    times: dict[bool, list[float]] = {True: [], False: []}
    take_inventory(rag.store)  # the first read of a cold store pays for its page cache, whichever form it is
    for _ in range(reps):
        for detailed in (True, False):
            t0 = time.perf_counter()
            take_inventory(rag.store, detailed=detailed)
            times[detailed].append((time.perf_counter() - t0) * 1000.0)
    rows = [
        f"| {'detailed (status)' if d else 'quick (auto)'} | {reps} | {statistics.median(t):.0f} |"
        for d, t in times.items()
    ]
    return "| inventory | reads | p50 ms |\n|---|---|---|\n" + "\n".join(rows)


def report(routes: dict[str, Any] | None, lat: dict[str, Any] | None, meta: dict[str, Any]) -> str:
    parts = [
        "# `auto` on a mixed store: routing and latency",
        f"Store: {meta['store']}. Load before/after: {meta['load_before']} / {meta['load_after']}.",
        f"Command: `{meta['command']}`",
    ]
    if routes:
        lines = [
            "| set | truth | n | right (that kind alone) | fused (incl. it) | wrong | plan p50 ms |",
            "|---|---|---|---|---|---|---|",
        ]
        for name, rows in routes.items():
            n = len(rows)
            c = {v: sum(r["verdict"] == v for r in rows) for v in ("right", "fused", "wrong")}
            p50 = statistics.median(r["plan_ms"] for r in rows) if rows else 0.0
            share = f"{c['right']} ({c['right'] / n:.1%})"
            lines.append(f"| {name} | {SETS[name][1]} | {n} | {share} | {c['fused']} | {c['wrong']} | {p50:.1f} |")
        parts.append("\n".join(lines))
        wrong = [(name, r) for name, rows in routes.items() for r in rows if r["verdict"] != "right"][:12]
        if wrong:
            parts.append(
                "Examples not routed to their kind alone:\n\n"
                + "\n".join(f"- {name} {r['qid']}: {r['kinds']} ({r['why']})" for name, r in wrong)
            )
    if lat:
        rows = lat["rows"]
        a = statistics.median(r["auto_ms"] for r in rows)
        b = statistics.median(r["picked_ms"] for r in rows)
        picked = sorted({r["picked"] for r in rows})
        hit_a = sum(r["auto_hit"] for r in rows) / len(rows)
        hit_b = sum(r["picked_hit"] for r in rows) / len(rows)
        parts.append(
            "| tkgqa sample | n | p50 ms | hit@1 |\n|---|---|---|---|\n"
            f"| auto | {len(rows)} | {a:.0f} | {hit_a:.3f} |\n"
            f"| the method auto picked ({', '.join(picked)}) | {len(rows)} | {b:.0f} | {hit_b:.3f} |\n\n"
            f"auto / picked p50: {a / b:.2f} (aim <= 1.5)"
        )
    return "\n\n".join(parts) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["load", "route", "latency", "both", "inventory", "signals"])
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--work", type=Path, default=Path("/tmp/bench_auto"))
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    if args.what == "load":
        load(args.data, args.work)
        return
    before = os.getloadavg()
    if args.what == "signals":
        table = signals(args.data)
        after = os.getloadavg()
        text = (
            "# `auto`'s first rule: which questions carry a temporal signal (parse only, no store)\n\n"
            f"Load before/after: {' '.join(f'{x:.1f}' for x in before)} / {' '.join(f'{x:.1f}' for x in after)}.\n\n"
            f"Command: `python benchmarks/bench_auto.py {' '.join(sys.argv[1:])}`\n\n{table}\n"
        )
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "signals.md").write_text(text)
        print(text)
        return
    if args.what == "inventory":
        with TKGRag.connect() as rag:
            c = rag.status().counts
            table = inventory_timing(rag, args.n)
        after = os.getloadavg()
        text = (
            "# `auto`'s inventory: the quick form against the detailed one\n\n"
            f"Store: {c.events:,} events, {c.facts:,} facts, {c.passages:,} passages, {c.chunks:,} chunks. "
            f"Load before/after: {' '.join(f'{x:.1f}' for x in before)} / {' '.join(f'{x:.1f}' for x in after)}.\n\n"
            f"Command: `python benchmarks/bench_auto.py {' '.join(sys.argv[1:])}`\n\n{table}\n"
        )
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "inventory.md").write_text(text)
        print(text)
        return
    with TKGRag.connect() as rag:
        c = rag.status().counts
        store = f"{c.events:,} events, {c.facts:,} facts, {c.passages:,} passages, {c.chunks:,} chunks"
        routes = route(rag, args.data, args.n, args.seed) if args.what in ("route", "both") else None
        lat = latency(rag, args.data, max(1, args.n // 2), args.seed) if args.what in ("latency", "both") else None
    meta = {
        "store": store,
        "load_before": " ".join(f"{x:.1f}" for x in before),
        "load_after": " ".join(f"{x:.1f}" for x in os.getloadavg()),
        "command": "python benchmarks/bench_auto.py " + " ".join(sys.argv[1:]),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "routes.json").write_text(json.dumps({"meta": meta, "routes": routes, "latency": lat}, indent=1) + "\n")
    text = report(routes, lat, meta)
    (args.out / "report.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
