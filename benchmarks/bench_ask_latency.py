"""Warm ``ask`` latency with the symbolic reader: p50/p95 of the whole ask and of each stage, per question file.

    TKGRAG_INSTANCE=icews14 TKGRAG_BOLT_PORT=7801 TKGRAG_HTTP_PORT=7802 \\
    .venv/bin/python benchmarks/bench_ask_latency.py FILE [FILE ...] [--method vector] [--k 10] [--warmup 20]
                                                     [--limit N] [--passes 1] [--out latency.json]

FILEs are question files ``tkgrag eval`` loads (the tkgqa dev set, a paraphrase-set third of
``make_paraphrase_set.py``); the connected graph must hold their KG, with event embeddings for ``vector``.

"Warm" (issue 17's aim: ask p50 under 200 ms warm for the vector method): one process, the server, the embedding
model and the reader's caches started by ``--warmup`` asks of questions that are NOT measured (the last ``--warmup``
of the first file), then every measured question asked once per pass through ``TKGRag.ask`` -- the call users make.
Pass 1 is each question's first ask; later passes (``--passes 2``) show what the relation and link caches save on
repeated phrasings. The first ask of the process (model load, driver connect, first query plans) is reported apart.

Stages, from ``SymbolicReader.answer``'s timings: ``ground`` (``ground.parse``: the pure parser; ``ground.link``: the
entity linker's full-text + vector lookups; ``ground.relation``: the relation matcher; ``ground.roles``: the graph
counts that settle relation and roles; ``ground.anchors``: anchor events), ``retrieve`` (the method, with the derived
constraint), ``read`` (bounded graph reads + the temporal operators), ``total``; ``wall`` is measured around the call.
Reads only; prints a markdown table and writes every per-question timing to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag
from tkgrag.eval import EvalQuestion, is_correct, load_dataset
from tkgrag.eval.metrics import percentile_nearest
from tkgrag.progress import progress_bar

STAGES = (
    "wall",
    "total",
    "ground",
    "ground.parse",
    "ground.link",
    "ground.relation",
    "ground.roles",
    "ground.anchors",
    "retrieve",
    "read",
)


def ask_once(rag: TKGRag, q: EvalQuestion, method: str, k: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    a = rag.ask(q.question, method=method, reader="symbolic", k=k)
    wall = (time.perf_counter() - t0) * 1000.0
    ms = {"wall": wall, **a.timings_ms}
    for stage in STAGES:  # a stage the question did not need (no anchor) took 0 ms
        ms.setdefault(stage, 0.0)
    ok = bool(a.answers) and is_correct(a.answers[0].text, q.answers)
    return {"id": q.id, "qtype": q.qtype, "hit@1": ok, "ms": {s: round(v, 2) for s, v in ms.items()}}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"n": len(rows), "hit@1": round(sum(r["hit@1"] for r in rows) / max(1, len(rows)), 3)}
    for stage in STAGES:
        xs = [r["ms"][stage] for r in rows]
        out[stage] = {"p50": round(statistics.median(xs), 1), "p95": round(percentile_nearest(xs, 95), 1)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("questions", type=Path, nargs="+")
    ap.add_argument("--method", default="vector")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=20, help="asks before measuring (not measured, not repeated)")
    ap.add_argument("--limit", type=int, default=None, help="measure only the first N questions of each file")
    ap.add_argument("--passes", type=int, default=1, help="measure every question this many times")
    ap.add_argument("--out", type=Path, default=None, help="write per-question timings (JSON) here")
    args = ap.parse_args()

    files = {path: list(load_dataset(path).questions) for path in args.questions}
    first = next(iter(files))
    warm = files[first][-args.warmup :] if args.warmup else []
    files[first] = files[first][: len(files[first]) - len(warm)]
    report: dict[str, Any] = {
        "method": args.method,
        "k": args.k,
        "instance": os.environ.get("TKGRAG_INSTANCE"),
        "load_average": os.getloadavg(),
        "files": {},
    }
    with TKGRag.connect() as rag:
        t0 = time.perf_counter()
        if warm:
            ask_once(rag, warm[0], args.method, args.k)
        report["first_ask_ms"] = round((time.perf_counter() - t0) * 1000.0, 1)
        with progress_bar("warm-up") as bar:
            task = bar.add_task("warm-up", total=len(warm[1:]))
            for q in warm[1:]:
                ask_once(rag, q, args.method, args.k)
                bar.update(task, advance=1)
        for path, questions in files.items():
            questions = questions[: args.limit] if args.limit else questions
            for p in range(1, args.passes + 1):
                rows = []
                with progress_bar(f"{path.name} pass {p}") as bar:
                    task = bar.add_task(path.name, total=len(questions))
                    for q in questions:
                        rows.append(ask_once(rag, q, args.method, args.k))
                        bar.update(task, advance=1)
                report["files"][f"{path.name} pass {p}"] = {"summary": summary(rows), "questions": rows}
    report["load_average_after"] = os.getloadavg()

    print(
        f"\nmethod {args.method}, k {args.k}, first ask of the process {report['first_ask_ms']} ms, "
        f"load average {report['load_average']}"
    )
    print("| file | n | hit@1 | " + " | ".join(f"{s} p50/p95" for s in STAGES) + " |")
    print("|---|---:|---:|" + "---:|" * len(STAGES))
    for name, f in report["files"].items():
        s = f["summary"]
        cells = " | ".join(f"{s[st]['p50']:.0f}/{s[st]['p95']:.0f}" for st in STAGES)
        print(f"| {name} | {s['n']} | {s['hit@1']:.3f} | {cells} |")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=1, default=str) + "\n")


if __name__ == "__main__":
    main()
