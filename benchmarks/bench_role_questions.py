"""Role and title questions on graphs of one's own, asked end to end (``TKGRag.ask``): right at rank 1, by the answer's
TEXT (a key such as ``barker`` for Jack Barker counts as wrong), and abstentions.

Two graphs, one after the other, in a scratch target instance (WIPED; 'default' and 'bench' are refused):

* the companies sample (``tkgrag/data/companies_sample.tsv``, relations ``is_CEO_of``, ``isCTOOf``, ...) and its 30
  questions (``companies_sample_questions.jsonl``);
* the mapped companies example (``ingest/examples/companies``: ``Serve_as_CEO_of``, ``Work_at`` with a role
  qualifier, ``Acquire``) synced from a source instance, and its 30 questions (gold: ``answers_before``; an empty gold
  wants "no answer").

Plus probes that must not answer with a wrong relation ("Who became CEO after Alice Moreau?" names no company: no
answer, or the CEO relation, never "acquired").

    TKGRAG_INSTANCE=25c-dev TKGRAG_BOLT_PORT=... TKGRAG_HTTP_PORT=... \\
    TKGRAG_SOURCE_INSTANCE=25c-src TKGRAG_SOURCE_BOLT_PORT=... TKGRAG_SOURCE_HTTP_PORT=... \\
    PYTHONPATH=<checkout> python benchmarks/bench_role_questions.py --wipe-target --label after [--out DIR]

Run it with PYTHONPATH at another checkout (``--label before``) to measure that tree on the same instances: the
script imports ``tkgrag`` and ``tests.integration.companies_example`` from PYTHONPATH only. Prints the machine load.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from source_instance import scratch_target, source_settings

from tests.integration.companies_example import load_source, mapping_for, questions
from tkgrag.api import TKGRag
from tkgrag.embed import default_embedder
from tkgrag.eval import GoldAnswer, is_correct
from tkgrag.ingest.mapped.sync import sync_mapped
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.queries.admin import DELETE_ALL_NODES
from tkgrag.store import Store, connect

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "tkgrag" / "data"
PROBES = [  # (question, relations that would be a wrong guess)
    ("Who became CEO after Alice Moreau?", ["acquired", "Acquire"]),
    ("Who became CFO after Chen Wei?", ["acquired", "Acquire"]),
]


def ask_rows(rag: TKGRag, rows: list[dict[str, Any]], method: str, gold_key: str) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        a = rag.ask(row["question"], method=method, reader="symbolic", k=10)
        gold = row[gold_key]
        text = a.answers[0].text if a.answers else None
        right = (text is None) if not gold else (text is not None and is_correct(text, [GoldAnswer(g) for g in gold]))
        u = a.understanding
        relation = u.grounding.relation if u is not None and u.grounding is not None else None
        out.append(
            {
                "id": row.get("quid") or row.get("id"),
                "question": row["question"],
                "gold": gold,
                "answer": text,
                "right": right,
                "relation": relation,
                "abstained": a.abstained,
            }
        )
    return out


def probes(rag: TKGRag) -> list[dict[str, Any]]:
    out = []
    for q, wrong in PROBES:
        a = rag.ask(q, method="vector", reader="symbolic", k=10)
        u = a.understanding
        relation = u.grounding.relation if u is not None and u.grounding is not None else None
        out.append(
            {
                "question": q,
                "answer": a.best,
                "relation": relation,
                "abstained": a.abstained,
                "wrong_relation": relation in wrong and not a.abstained,
            }
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wipe-target", action="store_true", help="required: the target instance is wiped")
    ap.add_argument("--label", default="after")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    target = scratch_target(args.wipe_target)
    src = source_settings(target)
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")
    embedder = default_embedder()
    opts = IngestOptions(progress=False, embedder=embedder)
    report: dict[str, Any] = {"label": args.label, "sets": {}}

    def wipe(store: Store) -> None:
        store.run_auto(DELETE_ALL_NODES)

    with connect(target) as store, connect(src) as source, tempfile.TemporaryDirectory() as tmp:
        wipe(store)
        ingest_tkg_file(store, SAMPLE / "companies_sample.tsv", source="companies", options=opts)
        rag = TKGRag(store, embedder)
        rows = [json.loads(x) for x in (SAMPLE / "companies_sample_questions.jsonl").read_text().splitlines() if x]
        report["sets"]["companies_sample"] = ask_rows(rag, rows, "vector", "answers")
        report["probes"] = probes(rag)
        wipe(store)
        load_source(source)
        sync_mapped(store, mapping_for(source, Path(tmp)), options=opts)
        rag = TKGRag(store, embedder)
        for method in ("vector", "vector+tc"):
            report["sets"][f"mapped_example/{method}"] = ask_rows(rag, questions(), method, "answers_before")
        wipe(store)
    summary = {name: f"{sum(r['right'] for r in rs)}/{len(rs)}" for name, rs in report["sets"].items()}
    summary["probes_with_a_wrong_relation"] = f"{sum(p['wrong_relation'] for p in report['probes'])}/{len(PROBES)}"
    report["summary"] = summary
    report["load"] = os.getloadavg()
    for name, rs in report["sets"].items():
        for r in rs:
            mark = "ok " if r["right"] else "BAD"
            why = f" ({r['abstained']})" if r["abstained"] else ""
            print(f"{mark} {name} {r['id']} {r['question']} -> {r['answer']}{why} | {r['relation']}")
    for p in report["probes"]:
        print(f"probe: {p['question']} -> {p['answer']} | {p['relation']} | {p['abstained']}")
    print(json.dumps(summary, indent=1))
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / f"role_questions_{args.label}.json").write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
