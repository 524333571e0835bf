"""The companies example end to end: map a user's own graph, sync, ask; change the source, sync, ask now and as of
before the change. Prints accuracy per method against the exact answers (``ingest/examples/companies/
questions.jsonl``, checked against the source by tests/integration/test_mapped_questions.py), and whether every as-of
answer equals the answer the store gave when it held the source as it was.

    TKGRAG_INSTANCE=28-dev TKGRAG_BOLT_PORT=17804 TKGRAG_HTTP_PORT=17504 \\
    TKGRAG_SOURCE_INSTANCE=28-src TKGRAG_SOURCE_BOLT_PORT=17714 TKGRAG_SOURCE_HTTP_PORT=17414 \\
    .venv/bin/python benchmarks/bench_mapped_companies.py --wipe-target [--methods vector,vector+tc,star+tc]
        [--out benchmarks/results/2026-11-25/mapped-sync/companies.json]

WIPES the target instance (it refuses 'default' and 'bench') and reloads the source instance with the example graph.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from source_instance import scratch_target, source_settings, write_report

from tests.integration.companies_example import change, load_source, mapping_for, questions
from tkgrag.api import TKGRag
from tkgrag.embed import default_embedder
from tkgrag.ingest.mapped.sync import sync_mapped
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.queries.admin import DELETE_ALL_NODES
from tkgrag.store import connect


def normalise(text: str) -> str:
    return text.replace("_", " ").strip().lower()


def correct(answers: list[str], gold: list[str], names: dict[str, str]) -> bool:
    """Hit@1: the first answer is a gold one (an entity answer may come as its key, humanised: 'vandelay art' is
    Art Vandelay); an empty gold wants no answer (an abstention)."""
    if not gold:
        return not answers
    if not answers:
        return False
    first = normalise(answers[0])
    return normalise(names.get(first, first)) in {normalise(g) for g in gold}


def ask_all(rag: TKGRag, method: str, as_of: datetime | None) -> list[dict[str, Any]]:
    out = []
    for q in questions():
        t0 = time.perf_counter()
        ans = rag.ask(q["question"], method=method, as_of=as_of)
        out.append(
            {
                "id": q["id"],
                "answers": [a.text for a in ans.answers],
                "evidence": [e.text for e in ans.retrieval.evidence],
                "ms": (time.perf_counter() - t0) * 1000,
            }
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--methods", default="vector,vector+tc,star+tc")
    ap.add_argument("--wipe-target", action="store_true", help="required: the target instance is wiped")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    target = scratch_target(args.wipe_target)
    src = source_settings(target)
    methods = args.methods.split(",")
    embedder = default_embedder()
    opts = IngestOptions(progress=False, embedder=embedder)
    print(f"load average {os.getloadavg()}")
    with connect(target) as store, connect(src) as source, tempfile.TemporaryDirectory() as tmp:
        store.run_auto(DELETE_ALL_NODES)
        load_source(source)
        mapping = mapping_for(source, Path(tmp))
        rag = TKGRag(store, embedder)
        first = sync_mapped(store, mapping, options=opts)
        print(first.line())
        if any(m.startswith("star") for m in methods):
            from tkgrag.retrievers.star.persist import build_and_store

            build_and_store(store)
        before = {m: ask_all(rag, m, None) for m in methods}
        between = datetime.now(UTC)
        change(source)
        inc = sync_mapped(store, mapping, options=opts)
        full = sync_mapped(store, mapping, full=True, options=opts)
        print(inc.line())
        print(full.line())
        if any(m.startswith("star") for m in methods):
            from tkgrag.retrievers.star.persist import build_and_store

            build_and_store(store)
        now = {m: ask_all(rag, m, None) for m in methods}
        as_of = {m: ask_all(rag, m, between) for m in methods}
        names = {
            normalise(r["key"]): r["name"] for r in store.run("MATCH (e:Entity) RETURN e.key AS key, e.name AS name")
        }
    qs = questions()
    report: dict[str, Any] = {"load": os.getloadavg(), "methods": {}}
    print(f"{'method':10} {'before':>8} {'now':>8} {'as-of':>8} {'as-of == before':>16}")
    for m in methods:
        b = sum(correct(r["answers"], q["answers_before"], names) for r, q in zip(before[m], qs, strict=True))
        n = sum(correct(r["answers"], q["answers_after"], names) for r, q in zip(now[m], qs, strict=True))
        a = sum(correct(r["answers"], q["answers_before"], names) for r, q in zip(as_of[m], qs, strict=True))
        same = sum(
            x["answers"] == y["answers"] and x["evidence"] == y["evidence"]
            for x, y in zip(before[m], as_of[m], strict=True)
        )
        print(f"{m:10} {b:>5}/30 {n:>5}/30 {a:>5}/30 {same:>13}/30")
        report["methods"][m] = {
            "correct_before": b,
            "correct_now": n,
            "correct_as_of": a,
            "as_of_identical_to_before": same,
            "per_question": [
                {
                    "id": q["id"],
                    "question": q["question"],
                    "gold_before": q["answers_before"],
                    "gold_after": q["answers_after"],
                    "correct_before": correct(x["answers"], q["answers_before"], names),
                    "correct_now": correct(y["answers"], q["answers_after"], names),
                    "before": x["answers"][:3],
                    "now": y["answers"][:3],
                    "as_of": z["answers"][:3],
                }
                for q, x, y, z in zip(qs, before[m], now[m], as_of[m], strict=True)
            ],
        }
    print(f"load average {os.getloadavg()}")
    write_report(args.out, report)


if __name__ == "__main__":
    main()
