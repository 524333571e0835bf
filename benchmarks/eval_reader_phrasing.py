"""The symbolic reader on real phrasing (issue 17): Hit@1 per question type, grounding completeness, ask latency.

    TKGRAG_INSTANCE=e-reader TKGRAG_BOLT_PORT=17731 TKGRAG_HTTP_PORT=17511 \\
    .venv/bin/python benchmarks/eval_reader_phrasing.py QUESTIONS [QUESTIONS ...] [--method vector] [--k 10]
                                                         [--errors 20] [--out report.json]

QUESTIONS are files ``tkgrag eval`` loads (the paraphrase set of ``make_paraphrase_set.py``, the tkgqa dev set, the
MultiTQ dev sample). The connected graph must hold the KG the file is about, and only it (answers of "first" and
"last" questions are exact for one KG file). Per file: Hit@1 overall and per qtype (``tkgrag.eval.is_correct``, the
same matching as ``tkgrag eval``), how many questions ground to a complete query (every main mention linked, a
relation matched, every anchor resolved: ``GroundedQuestion.complete``), latency p50/p95 of the whole ask, and the
first wrong answers with their grounding. Reads only.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag, answer_question
from tkgrag.eval import is_correct, load_dataset
from tkgrag.eval.metrics import percentile_nearest
from tkgrag.progress import progress_bar
from tkgrag.readers.symbolic import SAMPLED_POLICIES, SymbolicReader


def gold_entities(path: Path) -> dict[str, list[str]]:
    """Question text -> the entity names its record annotates (MultiTQ's ``entities``); empty for other formats."""
    try:
        records = json.loads(path.read_text())
    except ValueError:
        return {}
    if not isinstance(records, list):
        return {}
    return {r["question"]: list(r["entities"]) for r in records if isinstance(r, dict) and "entities" in r}


def missing(g: Any) -> list[str]:
    """What keeps a grounding from being parsed-complete."""
    out = [f"unlinked {m.text!r}" for m in g.unlinked]
    if not g.entities:
        out.append("no entity")
    if g.relation is None:
        out.append("no relation")
    out += [f"time {t.text!r} not placed" for t in g.question.times if t.span is None]
    out += [f"anchor {a.anchor.text!r}: {a.how}" for a in g.anchors if not a.understood]
    return out


def run_file(rag: TKGRag, path: Path, method: str, k: int, errors: int, sampled: str = "abstain") -> dict[str, Any]:
    ds = load_dataset(path)
    annotated = gold_entities(path)
    entities_right: dict[str, list[bool]] = defaultdict(list)
    not_understood: list[dict[str, Any]] = []
    stages: dict[str, list[float]] = defaultdict(list)
    understood: dict[str, list[bool]] = defaultdict(list)
    reader = SymbolicReader(rag.store, rag.embedder, sampled=sampled)
    retriever = rag.retriever(method)
    hits: dict[str, list[bool]] = defaultdict(list)
    complete: dict[str, list[bool]] = defaultdict(list)
    latencies: list[float] = []
    wrong: list[dict[str, Any]] = []
    with progress_bar(f"{path.name} ({method})") as bar:
        task = bar.add_task(path.name, total=len(ds.questions))
        for q in ds.questions:
            t0 = time.perf_counter()
            a = answer_question(rag.understand(q.question), retriever, reader, k)
            latencies.append((time.perf_counter() - t0) * 1000.0)
            ok = bool(a.answers) and is_correct(a.answers[0].text, q.answers)
            g = getattr(a, "grounding", None)
            for stage, ms in a.timings_ms.items():
                stages[stage].append(ms)
            for key in ("overall", q.qtype):
                hits[key].append(ok)
                complete[key].append(bool(g is not None and g.complete))
                understood[key].append(bool(g is not None and getattr(g, "understood", False)))
            if g is not None and hasattr(g, "understood") and not g.understood:
                not_understood.append({"qtype": q.qtype, "question": q.question, "missing": missing(g)})
            if q.question in annotated and g is not None:
                linked = {e.name for e in g.entities} | {e.name for ga in g.anchors for e in ga.entities}
                right = all(name in linked for name in annotated[q.question])
                for key in ("overall", q.qtype):
                    entities_right[key].append(right)
            if not ok and len(wrong) < errors:
                wrong.append(
                    {
                        "qtype": q.qtype,
                        "question": q.question,
                        "gold": [x.text for x in q.answers][:3],
                        "got": [x.text for x in a.answers][:3],
                        "strategy": getattr(a, "strategy", ""),
                        "no_answer": getattr(a, "no_answer", None),
                        "grounding": g.as_dict() if g is not None else None,
                    }
                )
            bar.update(task, advance=1)
    out: dict[str, Any] = {
        "file": str(path),
        "n": len(ds.questions),
        "hit@1": {key: round(sum(v) / len(v), 3) for key, v in hits.items()},
        "hits": {key: f"{sum(v)}/{len(v)}" for key, v in hits.items()},
        "complete": {key: f"{sum(v)}/{len(v)}" for key, v in complete.items()},
        "understood": {key: f"{sum(v)}/{len(v)}" for key, v in understood.items()},
        "entities_right": {key: f"{sum(v)}/{len(v)}" for key, v in entities_right.items()},
        "stages_ms_p50": {s: round(statistics.median(v), 1) for s, v in stages.items()},
        "not_understood": not_understood,
        "latency_ms_p50": round(statistics.median(latencies), 1) if latencies else None,
        "latency_ms_p95": round(percentile_nearest(latencies, 95), 1) if latencies else None,
        "wrong": wrong,
    }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("questions", type=Path, nargs="+")
    ap.add_argument("--method", default="vector")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--errors", type=int, default=20, help="wrong answers to keep per file")
    ap.add_argument("--out", type=Path, default=None, help="write the report (JSON) here")
    ap.add_argument(
        "--sampled",
        default="abstain",
        choices=SAMPLED_POLICIES,
        help="ordered answers in sampled periods: withhold (default), give with the caveat, or ignore coverage",
    )
    args = ap.parse_args()
    reports = []
    with TKGRag.connect() as rag:
        for path in args.questions:
            rep = run_file(rag, path, args.method, args.k, args.errors, args.sampled)
            reports.append(rep)
            print(f"\n== {path.name}: n={rep['n']}, p50 {rep['latency_ms_p50']} ms, p95 {rep['latency_ms_p95']} ms")
            print(f"   stage p50 (ms): {rep['stages_ms_p50']}")
            for key in rep["hit@1"]:
                right = rep["entities_right"].get(key)
                print(
                    f"   {key:14} hit@1 {rep['hit@1'][key]:.3f} ({rep['hits'][key]})  parsed-complete "
                    f"{rep['understood'][key]}  grounded {rep['complete'][key]}"
                    + (f"  entities right {right}" if right else "")
                )
            for n in rep["not_understood"]:
                print(f"   ? [{n['qtype']}] {n['question']}: {'; '.join(n['missing'])}")
            for w in rep["wrong"]:
                g = w["grounding"] or {}
                ents = [(e["mention"], e["key"], e["role"]) for e in g.get("entities", [])]
                print(f"   x [{w['qtype']}] {w['question']}")
                print(
                    f"       gold {w['gold']} got {w['got']} ({w['strategy']}; {w['no_answer'] or ''}); ents {ents}; "
                    f"unlinked {g.get('unlinked')}; rel {g.get('relation')}; constraint {g.get('constraint')}; "
                    f"anchors {[a['how'] for a in g.get('anchors', [])]}; order {g.get('order')}"
                )
    if args.out:
        args.out.write_text(json.dumps(reports, indent=1, ensure_ascii=False, default=str) + "\n")


if __name__ == "__main__":
    main()
