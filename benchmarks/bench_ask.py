"""Accuracy and latency of ``ask`` with the symbolic reader on the tkgqa dev set, per retrieval method and qtype.

    TKGRAG_INSTANCE=dev TKGRAG_BOLT_PORT=17751 TKGRAG_HTTP_PORT=17752 \\
    .venv/bin/python benchmarks/bench_ask.py [--data ../shared/data] [--methods vector,star,star-uniform,star+tc]
                                             [--limit N] [--k 10] [--out bench_ask.json] [--errors 10]

Needs a graph with all of icews14 ingested (with embeddings) and, for the star methods, the rule graph
(`tkgrag rules build`). Reads only.

For every method: ``SymbolicReader.answer`` per question (understand -> ground -> retrieve with the derived
constraint -> read with bounded graph reads), scored with ``tkgrag.eval`` (Hit@1, Hit@10 with pessimistic ties, MRR,
evidence Hit@10 of the retrieval, mean latency of the whole ask). The same retrievals are also read WITHOUT graph
reads ("evidence only": the reader sees just the k retrieved events), which is where the retrieval methods differ.

Grounding: how many questions ground to a complete query (every main mention linked, a relation matched, every
anchor resolved to an event), on the tkgqa dev set and on the MultiTQ dev sample. The MultiTQ questions are about
icews05-15, which this graph does not hold: their grounding is measured against the icews14 entities and events
only, so unresolved anchors and missing entities there are expected.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import track
from rich.table import Table

from tkgrag.api import TKGRag, answer_question, ask_request
from tkgrag.eval import Dataset, EvalQuestion, Prediction, RetrievedEvent, aggregate, is_correct, load_dataset
from tkgrag.eval.metrics import MetricSpec, latency_ms, mean
from tkgrag.model import Answer
from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader

console = Console()
METRICS: list[str | MetricSpec] = [
    "hit@1",
    "hit@10",
    "mrr",
    "evidence_hit@10",
    MetricSpec("latency_ms_mean", latency_ms, mean),
    "n",
]


def prediction(q: EvalQuestion, answer: Answer, latency: float | None) -> Prediction:
    events = tuple(
        RetrievedEvent(e.subject, e.relation, e.object, e.span.start.isoformat() if e.span.start else "")
        for e in answer.retrieval.evidence
    )
    return Prediction(
        q.id,
        answers=tuple(a.text for a in answer.answers),
        scores=tuple(a.score for a in answer.answers),
        events=events,
        tokens=answer.tokens.total,
        latency_ms=latency,
        error=answer.error,
    )


def run_method(
    rag: TKGRag, reader: SymbolicReader, evidence_only: SymbolicReader, ds: Dataset, method: str, k: int
) -> tuple[list[Prediction], list[Prediction], list[tuple[EvalQuestion, SymbolicAnswer]]]:
    retriever = rag.retriever(method)
    full, ev_only, wrong = [], [], []
    for q in track(ds.questions, description=f"{method:>12}", console=console, transient=True):
        t0 = time.perf_counter()
        a = answer_question(rag.understand(q.question), retriever, reader, k)
        latency = (time.perf_counter() - t0) * 1000.0
        full.append(prediction(q, a, latency))
        b = evidence_only.read(ask_request(a.understanding, k), a.retrieval)
        ev_only.append(prediction(q, b, None))
        if not full[-1].answers or not is_correct(full[-1].answers[0], q.answers):
            wrong.append((q, a))
    return full, ev_only, wrong


def first_per_qtype(questions: list[EvalQuestion], n: int) -> list[EvalQuestion]:
    """The first ``n`` questions of each qtype, in file order (a stratified subset for the slow methods)."""
    seen: Counter[str] = Counter()
    out = []
    for q in questions:
        seen[q.qtype] += 1
        if seen[q.qtype] <= n:
            out.append(q)
    return out


def fmt(x: float | None, pct: bool = True) -> str:
    if x is None:
        return "-"
    return f"{x:.3f}" if pct else f"{x:,.0f}"


def print_table(title: str, reports: dict[str, dict], qtypes: list[str]) -> None:
    """Rows: overall and each qtype; columns: each method's Hit@1 / Hit@10; then MRR, evidence Hit@10, latency."""
    t = Table(title=title)
    t.add_column("qtype")
    t.add_column("n", justify="right")
    for method in reports:
        t.add_column(f"{method}\nH@1 / H@10", justify="right")
    groups = [("overall", lambda r: r["overall"])] + [(qt, lambda r, qt=qt: r["by_qtype"].get(qt, {})) for qt in qtypes]
    for name, pick in groups:
        first = pick(next(iter(reports.values())))
        row = [name, fmt(first.get("n"), pct=False)]
        for rep in reports.values():
            r = pick(rep)
            row.append(f"{fmt(r.get('hit@1'))} / {fmt(r.get('hit@10'))}")
        t.add_row(*row)
    for label, key, pct in (
        ("MRR", "mrr", True),
        ("evidence H@10", "evidence_hit@10", True),
        ("mean latency ms", "latency_ms_mean", False),
    ):
        t.add_row(label, "", *(fmt(rep["overall"].get(key), pct=pct) for rep in reports.values()))
    console.print(t)


def grounding_report(reader: SymbolicReader, ds: Dataset, label: str) -> dict[str, object]:
    counts: Counter[str] = Counter()
    incomplete = []
    t0 = time.perf_counter()
    for q in track(ds.questions, description=f"grounding {label}", console=console, transient=True):
        g = reader.ground(q.question)
        counts["questions"] += 1
        counts["entities linked"] += bool(g.entities) and not g.unlinked
        counts["relation matched"] += g.relation is not None
        counts["with anchors"] += bool(g.anchors)
        counts["anchors resolved"] += bool(g.anchors) and all(a.resolved for a in g.anchors)
        counts["complete"] += g.complete
        exact = bool(g.entities) and all(e.score >= 2.0 for e in g.entities)  # exact name/alias, not a guess
        counts["entities linked exactly"] += exact and not g.unlinked
        counts["complete, exact links"] += g.complete and exact
        if not g.complete:
            incomplete.append(
                {
                    "question": q.question,
                    "unlinked": [m.text for m in g.unlinked],
                    "entities": [(e.mention.text, e.key, round(e.score, 2)) for e in g.entities],
                    "relation": g.relation,
                    "anchors": [a.how for a in g.anchors],
                }
            )
    secs = time.perf_counter() - t0
    t = Table(title=f"grounding: {label}")
    t.add_column("what")
    t.add_column("questions")
    n = counts["questions"]
    keys = ("entities linked", "entities linked exactly", "relation matched", "with anchors", "anchors resolved")
    for key in (*keys, "complete", "complete, exact links"):
        t.add_row(key, f"{counts[key]}/{n} ({counts[key] / n:.1%})")
    t.add_row("mean ms", f"{secs * 1000 / max(n, 1):,.0f}")
    console.print(t)
    return {"counts": dict(counts), "incomplete": incomplete}


def print_wrong(reports: dict[str, Any], wrong_by: dict[str, list[tuple[EvalQuestion, Any]]], n: int) -> None:
    best = max(reports, key=lambda m: reports[m]["overall"]["hit@1"] or 0.0)
    console.print(f"[bold]wrong answers of {best}[/] ({len(wrong_by[best])}), first {n}:")
    for q, a in wrong_by[best][:n]:
        g = a.grounding
        console.print(f"  [{q.qtype}] {q.question}", highlight=False)
        console.print(
            f"     gold {[x.text for x in q.answers][:3]} got {[x.text for x in a.answers][:3]} "
            f"({a.strategy}); relation {g.relation if g else None}; "
            f"constraint {a.constraint.describe() if a.constraint else None}",
            highlight=False,
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data")
    ap.add_argument("--questions", type=Path, default=None, help="another tkgqa-format file (default: the dev set)")
    ap.add_argument("--no-grounding", action="store_true", help="skip the grounding reports")
    ap.add_argument("--methods", default="vector,star,star-uniform,star+tc")
    ap.add_argument("--limit", type=int, default=None, help="only the first N questions")
    ap.add_argument("--per-qtype", type=int, default=None, help="only the first N questions of each qtype")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--out", type=Path, default=None, help="write the full report (JSON) here")
    ap.add_argument("--errors", type=int, default=8, help="wrong answers to show for the best method")
    args = ap.parse_args()

    ds = load_dataset(args.questions or args.data / "tkgqa" / "icews14_dev.jsonl")
    if args.per_qtype:
        ds.questions = first_per_qtype(ds.questions, args.per_qtype)
    if args.limit:
        ds.questions = ds.questions[: args.limit]
    qtypes = sorted({q.qtype for q in ds.questions})
    report: dict[str, object] = {"questions": len(ds.questions), "k": args.k}
    with TKGRag.connect() as rag:
        events = rag.store.run("MATCH (e:Event) RETURN count(e) AS n")[0]["n"]
        console.print(f"graph: {events:,} events; {len(ds.questions)} questions; k={args.k}")
        reader = SymbolicReader(rag.store, rag.embedder)
        evidence_only = SymbolicReader(rag.store, rag.embedder, read_graph=False)
        rag.understand("Who consulted Iran?")  # warm up: relation names, model
        full_reports, ev_reports, wrong_by = {}, {}, {}
        for method in [m.strip() for m in args.methods.split(",") if m.strip()]:
            full, ev_only, wrong = run_method(rag, reader, evidence_only, ds, method, args.k)
            full_reports[method] = aggregate(ds.questions, full, METRICS)
            ev_reports[method] = aggregate(ds.questions, ev_only, [*METRICS[:-2], "n"])
            wrong_by[method] = wrong
        if full_reports:  # --methods "" measures grounding only
            print_table("ask, symbolic reader (graph reads + evidence)", full_reports, qtypes)
            print_table("same retrievals, symbolic reader on the evidence only", ev_reports, qtypes)
            report["ask"] = full_reports
            report["evidence_only"] = ev_reports
            print_wrong(full_reports, wrong_by, args.errors)
            report["wrong"] = {m: [q.id for q, _ in w] for m, w in wrong_by.items()}

        if args.no_grounding:
            pass
        else:
            report["grounding_tkgqa"] = grounding_report(reader, ds, "tkgqa icews14 dev")
        mt = args.data / "multitq" / "dev_questions_sample.json"
        if mt.exists() and not args.no_grounding:
            first = rag.store.run("MATCH (e:Event) RETURN toString(min(e.valid_from)) AS d")[0]["d"]
            label = f"MultiTQ sample vs a graph from {first}"
            if first is None or first > "2005-12-31":
                console.print(
                    "[yellow]MultiTQ questions are about icews05-15 (2005-2015), which this graph does not hold: "
                    "grounding is against what it has, so unresolved anchors and missing entities are expected.[/]"
                )
            report["grounding_multitq"] = grounding_report(reader, load_dataset(mt), label)
    if args.out:
        args.out.write_text(json.dumps(report, indent=1, default=str), encoding="utf-8")
        console.print(f"report written to {args.out}")


if __name__ == "__main__":
    main()
