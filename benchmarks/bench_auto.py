"""The ``auto`` method on a mixed store: where the router sends each benchmark's questions, and what planning costs.

    # the store: an instance holding icews14 (with vectors and the rule graph), then the other three sets added,
    # with vectors, one set per hold of the CPU lock
    flock /tmp/tkgrag-cpu.lock python benchmarks/bench_auto.py load --set facts    # TimeQuestions KG slice
    flock /tmp/tkgrag-cpu.lock python benchmarks/bench_auto.py load --set timeqa   # TimeQA sample pages + sentences
    flock /tmp/tkgrag-cpu.lock python benchmarks/bench_auto.py load --set musique  # musique_100 corpus, linked
    # auto against every single method of each set's kind (routing, latency, RRF vs score), then the aims
    flock /tmp/tkgrag-cpu.lock python benchmarks/bench_auto.py accuracy --set tkgqa --name mixed-tkgqa
    python benchmarks/bench_auto.py summary --mixed .../mixed-tkgqa.json --alone .../alone-tkgqa.json --tuned ...
    python benchmarks/bench_auto.py route --data ../shared/data --n 100   # router's kind per set
    python benchmarks/bench_auto.py heldout --rows $TKGRAG_HOME/models/NAME/rows.jsonl --out ...  # no store
    python benchmarks/bench_auto.py margins --rows $TKGRAG_HOME/models/NAME/rows.jsonl --out ...  # no store
    python benchmarks/bench_auto.py hybrid --rows $TKGRAG_HOME/models/NAME/rows.jsonl --out ...  # no store
    python benchmarks/bench_auto.py nulls --rows $TKGRAG_HOME/models/NAME/rows.jsonl --out ...  # item vs question null
    OMP_NUM_THREADS=1 flock /tmp/tkgrag-cpu.lock python benchmarks/bench_auto.py latency --n 50 \\
        --work /tmp/h26c/work --out benchmarks/results/2026-11-26/auto-latency  # auto before/now vs the picked method

``heldout``: from the rows ``tkgrag train router`` measured (no store needed), the same stratified split as the
training, a router fitted with and without the question vector, and per class of the held-out questions the plan
each makes (``planner.route_fitted``, all four kinds present): the class's kind alone, fused with it, or without
it (a "none" question's kind is chunks), against where the label-free null sent the question (the row's
``label_free``). ``margins``: the label-free rules replayed from the same rows at several margins (``margins()``).
``hybrid``: the label-free rules, the saved router alone and the hybrid (``planner.hybrid``) at each ``HYBRID_SURE``,
replayed from the same rows (``hybrid_replay``).

``route``: for a seeded sample of each set (tkgqa dev -> events, TimeQuestions dev half -> facts, TimeQA train ->
passages, musique_100 -> chunks; the question's set is the truth), the plan ``auto`` makes on this store: the kind
alone (right), fused with the right kind among them, or another kind (wrong); and the planning time (inventory
cached, as in a warm process). ``latency``: per set (``--set``; default timeqa, musique, tkgqa), ``ask`` with
``auto`` as before the latency change, ``auto`` now and the method auto picked, after one warm-up question, the order
rotating question by question in one process (same caches); p50s, their ratios, and whether the two autos' plan,
items and answer are identical. Prints the machine load.
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
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag, ask_request
from tkgrag.eval import load_dataset
from tkgrag.planning.auto import AutoRetriever
from tkgrag.retrievers.base import RetrievalRequest

SETS = {
    "tkgqa": ("tkgqa/icews14_dev.jsonl", "event"),
    "timequestions": ("timequestions/questions/test_dev_half.json", "fact"),
    "timeqa": ("timeqa/human_annotated_train.json", "passage"),
    "musique": ("corpus_graph/musique_100/musique_train_100.json", "chunk"),
}
OUT = Path("benchmarks/results/2026-11-26/auto")


TIMEQA_SAMPLE = "timeqa_sample.json"


def timeqa_sample(data: Path, work: Path, questions: int = 300) -> Path:
    """The first TimeQA train pages up to ``questions`` questions (302 for 300; the pages and questions of the
    extractive-reader and must-not-regress runs): the passages loaded and the questions asked."""
    pages = json.loads((data / SETS["timeqa"][0]).read_text())
    kept, n = [], 0
    for page in pages:
        kept.append(page)
        n += len(page["questions"])
        if n >= questions:
            break
    out = work / TIMEQA_SAMPLE
    out.write_text(json.dumps(kept))
    return out


def load_steps(data: Path, work: Path, what: str) -> list[list[str]]:
    """The ingest commands that add one set to the instance, with vectors (items, and sentences for ``mrag+``):
    ``facts`` = the TimeQuestions KG slice (as ``exaqt`` reads it), ``timeqa`` = the TimeQA train sample's pages,
    split into sentences, ``musique`` = the musique_100 corpus, linked."""
    cli = [sys.executable, "-m", "tkgrag.cli.app"]
    if what == "facts":
        facts = work / "timequestions_slice_facts.jsonl"
        convert = [sys.executable, "benchmarks/convert_timequestions_facts.py", "--slice"]
        convert += ["--data", str(data / "timequestions"), "--out", str(facts)]
        return [convert, [*cli, "ingest", "facts", str(facts), "--source", "timequestions-slice"]]
    if what == "timeqa":
        pages = timeqa_sample(data, work)
        return [
            [*cli, "ingest", "passages", str(pages), "--format", "timeqa", "--source", "timeqa"],
            [*cli, "ingest", "sentences"],
        ]
    if what == "musique":
        corpus = data / "corpus_graph/musique_100/musique_train_100_corpus.json"
        return [[*cli, "ingest", "corpus", str(corpus)], [*cli, "corpus", "link"]]
    raise SystemExit(f"load: unknown set {what!r} (facts, timeqa or musique)")


def load(data: Path, work: Path, sets: list[str]) -> None:
    """Add the sets to the instance, one set per call so that each can run under its own hold of the CPU lock."""
    work.mkdir(parents=True, exist_ok=True)
    for what in sets:
        for cmd in load_steps(data, work, what):
            print("$", " ".join(cmd[1:]), flush=True)
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True)
            print(f"  {time.perf_counter() - t0:.0f} s, load {os.getloadavg()[0]:.1f}", flush=True)


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


@contextmanager
def before_h26l() -> Iterator[None]:
    """``auto`` as it was before the latency change, in this process: the probe reads one index per query (one
    round trip per label) and every method embeds the question again (no ``shared_vectors`` block)."""
    from tkgrag.model import ItemKind
    from tkgrag.planning import auto as auto_mod
    from tkgrag.planning import probe as probe_mod
    from tkgrag.planning.calibration import TOP, probe_value
    from tkgrag.queries.probe import probe_query
    from tkgrag.queries.retrieval import LABEL_OF

    def per_label(store: Any, vector: Any, kinds: frozenset[Any], n: int = probe_mod.PROBE_N) -> dict[Any, float]:
        values: dict[Any, float] = {}
        qvec = [float(x) for x in vector]
        for label in dict.fromkeys(LABEL_OF[k] for k in kinds):
            hits: dict[str, list[float]] = {}
            shared = label == LABEL_OF[ItemKind.EVENT]
            params = {f"n_{label}": n if shared else TOP, "qvec": qvec}
            for hit in store.run(probe_query([label]), params, routing_="r")[0][f"hits_{label}"]:
                hits.setdefault(str(hit["kind"]), []).append(float(hit["score"]))
            for kind in kinds:
                if LABEL_OF[kind] == label:
                    v = probe_value(hits.get(kind.value, []))
                    values[kind] = 0.0 if v is None else v
        return values

    saved = probe_mod.probe, auto_mod.shared_vectors
    probe_mod.probe, auto_mod.shared_vectors = per_label, nullcontext  # type: ignore[assignment]
    try:
        yield
    finally:
        probe_mod.probe, auto_mod.shared_vectors = saved


def outcome(a: Any) -> dict[str, Any]:
    """What must not change: the plan, the returned item keys and the answer."""
    return {
        "plan": a.retrieval.plan,
        "keys": [e.key for e in a.retrieval.evidence],
        "answer": a.best,
        "answered": a.answered,
        "answer_keys": [c.key for c in a.retrieval.answers],
    }


def latency(rag: TKGRag, data: Path, work: Path, sets: list[str], n: int, seed: int) -> dict[str, Any]:
    """Per set, ``n`` sampled questions (after one warm-up), each understood once (as ``tkgrag eval`` does) and
    asked three ways in one process, the order rotating question by question: ``auto`` before this change
    (``before_h26l``), ``auto`` now, and the method auto's plan runs (when it runs one). Wall time of the ask
    (retrieve + read) per way; plan, item keys and answer of the two autos compared."""
    auto = rag.retriever("auto")
    assert isinstance(auto, AutoRetriever)
    out: dict[str, Any] = {}
    for name in sets:
        qs = list(load_dataset(question_file(data, work, name)).questions)
        random.Random(seed).shuffle(qs)
        qs = qs[: n + 1]
        rows = []
        for i, q in enumerate(qs):
            u = rag.understand(q.question)
            p = auto.plan(ask_request(u))
            picked = p.steps[0].methods[0] if len(p.steps) == 1 else None

            def ask(way: str, u: Any = u) -> tuple[float, Any]:
                t0 = time.perf_counter()
                if way == "before":
                    with before_h26l():
                        a = rag.ask(u, method="auto", k=10)
                else:
                    a = rag.ask(u, method="auto" if way == "after" else way, k=10)
                return (time.perf_counter() - t0) * 1000.0, a

            ways = ["before", "after", *([picked] if picked else [])]
            ways = ways[i % len(ways) :] + ways[: i % len(ways)]
            got = {w: ask(w) for w in ways}
            if i == 0:
                continue  # warm-up: the grounder, the rule graph's matrix, the null
            before, after = outcome(got["before"][1]), outcome(got["after"][1])
            rows.append(
                {
                    "qid": q.id,
                    "picked": picked or "fused",
                    "ran": got["after"][1].retrieval.method,
                    "understand_ms": u.timings_ms.get("understand", 0.0),
                    "before_ms": got["before"][0],
                    "after_ms": got["after"][0],
                    "picked_ms": got[picked][0] if picked else None,
                    "same": before == after,
                    "differs": [k for k in before if before[k] != after[k]],
                }
            )
        out[name] = rows
        print(f"{name}: {len(rows)} questions, load {os.getloadavg()[0]:.1f}", flush=True)
    return out


def latency_report(lat: dict[str, Any], meta: dict[str, Any]) -> str:
    p50 = statistics.median
    lines = [
        "| set | n | same plan+keys+answer | one method | picked | understand p50 | auto before p50 | auto now p50 "
        "| picked p50 | before / picked | now / picked | now / picked, with understanding |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, rows in lat.items():
        one = [r for r in rows if r["picked_ms"] is not None]
        same = sum(r["same"] for r in rows)
        methods = ", ".join(f"{m} {c}" for m, c in sorted(Counter(r["picked"] for r in one).items()))
        if one:
            u, b, a, m = (p50(r[k] for r in one) for k in ("understand_ms", "before_ms", "after_ms", "picked_ms"))
            with_u = p50(r["after_ms"] + r["understand_ms"] for r in one) / p50(
                r["picked_ms"] + r["understand_ms"] for r in one
            )
            figures = f"{u:.0f} | {b:.0f} | {a:.0f} | {m:.0f} | {b / m:.2f} | **{a / m:.2f}** | {with_u:.2f}"
        else:
            figures = " | ".join(["-"] * 7)
        lines.append(f"| {name} | {len(rows)} | {same} | {len(one)} | {methods} | {figures} |")
    lines += [
        "",
        "Per method picked (overhead: the p50 of each question's auto time minus the picked method's):",
        "",
        "| set | picked | n | auto before p50 | auto now p50 | picked p50 | before / picked | now / picked "
        "| overhead before | overhead now |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, rows in lat.items():
        for method in sorted({r["picked"] for r in rows if r["picked_ms"] is not None}):
            rs = [r for r in rows if r["picked"] == method]
            b, a, m = (p50(r[k] for r in rs) for k in ("before_ms", "after_ms", "picked_ms"))
            ob, oa = (p50(r[k] - r["picked_ms"] for r in rs) for k in ("before_ms", "after_ms"))
            lines.append(
                f"| {name} | {method} | {len(rs)} | {b:.0f} | {a:.0f} | {m:.0f} | {b / m:.2f} | {a / m:.2f} "
                f"| {ob:.0f} | {oa:.0f} |"
            )
    fused = {name: [r for r in rows if r["picked_ms"] is None] for name, rows in lat.items()}
    lines.append("")
    for name, rows in fused.items():
        if rows:
            b, a = p50(r["before_ms"] for r in rows), p50(r["after_ms"] for r in rows)
            lines.append(f"- {name}, the {len(rows)} fused questions: auto before p50 {b:.0f} ms, now {a:.0f} ms.")
    diffs = [(name, r) for name, rows in lat.items() for r in rows if not r["same"]]
    for name, r in diffs[:12]:
        lines.append(f"- {name} {r['qid']}: differs in {', '.join(r['differs'])}")
    return (
        "# `auto`'s own latency: the probe in one round trip, the question embedded once per request\n\n"
        f"Store: {meta['store']}. Load before/after: {meta['load_before']} / {meta['load_after']}.\n\n"
        f"Command: `{meta['command']}`\n\n" + "\n".join(lines) + "\n"
    )


# The single methods that read each set's kind (``tkgrag methods``), and the set's primary metrics (the issue's).
SINGLES = {
    "tkgqa": ("star+", "star+tc", "star", "vector+tc", "vector", "timer4"),
    "timequestions": ("exaqt", "vector+tc", "vector"),
    "timeqa": ("mrag+", "mrag", "passage-vector+tc", "passage-vector", "passage-rerank"),
    "musique": ("chunk-ppr", "chunk-vector", "fastinsight", "re2"),
}
PRIMARY = {"tkgqa": ("hit@1",), "timequestions": ("p@1",), "timeqa": ("hit@1", "AR@1"), "musique": ("R@10",)}
# Shown beside the primary metric: every method answers every tkgqa question with the symbolic reader (hit@1 1.000
# in the one-engine runs), so the evidence list is where the methods differ.
SECONDARY = {"tkgqa": ("evidence_recall@10",), "timeqa": ("AR@10",)}
# The same fused questions again with these ``auto`` options (``default`` is the run's own auto).
VARIANTS: dict[str, dict[str, str]] = {
    "rules+rrf": {"calibration": "off", "fusion": "rrf"},
    "rules+score": {"calibration": "off", "fusion": "score"},
    "calibrated+calibrated": {"calibration": "null", "fusion": "calibrated"},
}
LIMITS = {"tkgqa": None, "timequestions": 300, "timeqa": None, "musique": None}  # TimeQA: the sample file (302)


def question_file(data: Path, work: Path, name: str) -> Path:
    return work / TIMEQA_SAMPLE if name == "timeqa" else data / SETS[name][0]


def answered_kind(plan: dict[str, Any], notes: list[str]) -> str | None:
    """The kind ``auto``'s answer came from: the plan's one kind, or for a fused plan the note "auto: answer from
    <kind>s (...)" (``AutoRetriever.answer``)."""
    if not plan["fused"]:
        return str(plan["steps"][0]["kind"]) if plan["steps"] else None
    for n in notes:
        if n.startswith("auto: answer from "):
            return n.split()[3].rstrip("s")
    return None


def label_free(
    rag: TKGRag,
    run: Any,
    dataset: Any,
    rows: list[dict[str, Any]],
    understood: dict[str, Any],
    router: str = "off",
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The same questions planned another way (``router``: "off", the label-free null alone; "fitted", the router
    alone; ``options``: other ``AutoRetriever`` settings, e.g. ``{"titles": "off"}``): each question's plan that way;
    the ones whose kinds differ from the run's are run again, the others keep auto's own prediction (the same kinds
    give the same retrieval, fusion and answer). Returns the whole set's metrics, per question the plan and the kind
    its answer came from."""
    from tkgrag.eval.aggregate import aggregate
    from tkgrag.evaluation.runner import EvalOptions, run_eval
    from tkgrag.model import Answer

    other = TKGRag(store=rag.store, embedder=rag.embedder, settings=rag.settings)
    other.method_options["auto"] = {"router": router, **(options or {})}
    lf = other.retriever("auto")
    assert isinstance(lf, AutoRetriever)
    by_id = {str(r["qid"]): r for r in rows}
    out_rows: dict[str, dict[str, Any]] = {}
    differ: set[str] = set()
    for q in run.questions:
        u = understood.get(q.question) or rag.understand(q.question)
        p = lf.plan(RetrievalRequest.of(q.question, 10, understanding=u))
        kinds = [k.value for k in p.kinds]
        row = by_id[str(q.id)]
        out_rows[str(q.id)] = {"planned": kinds, "answered_from": row["answered_from"]}
        if kinds != row["planned"]:
            differ.add(str(q.id))
    seen: dict[str, Answer] = {}
    answer = lf.answer

    def recorded(request: RetrievalRequest, reader: Any) -> Answer:
        a = answer(request, reader)
        seen[request.text] = a
        return a

    lf.answer = recorded  # type: ignore[method-assign]
    preds = [p for p in run.predictions("auto") if str(p.qid) not in differ]
    if differ:
        sub = [q for q in run.questions if str(q.id) in differ]
        opts = EvalOptions(methods=("auto",), reader="auto", progress=False)
        srun = run_eval(other, replace(dataset, questions=sub), opts)
        preds += list(srun.predictions("auto"))
        for q in sub:
            a = seen.get(q.question)
            if a is not None and a.retrieval.plan:
                out_rows[str(q.id)]["answered_from"] = answered_kind(a.retrieval.plan, a.retrieval.notes)
    overall = aggregate(run.questions, preds, run.metric_names())["overall"]
    return {"differ": len(differ), "overall": overall, "rows": out_rows}


def accuracy(
    rag: TKGRag, data: Path, work: Path, name: str, methods: list[str] | None, limit: int | None, variants: bool = False
) -> dict:
    """``auto`` and the single methods of the set's kind on its questions, in one eval run (auto last, so it meets
    the caches warm as a served process does; the first question of each method pays its loading). Per question:
    auto's planned kinds, the kind its answer came from, the method it ran (one kind) and both latencies. Then the
    questions auto fused, again with score fusion instead of RRF."""
    from tkgrag.evaluation.runner import EvalOptions, run_eval
    from tkgrag.model import Answer

    dataset = load_dataset(question_file(data, work, name))
    auto = rag.retriever("auto")
    assert isinstance(auto, AutoRetriever)
    seen: dict[str, Answer] = {}
    answer = auto.answer

    def recorded(request: RetrievalRequest, reader: Any) -> Answer:
        out = answer(request, reader)
        seen[request.text] = out
        return out

    auto.answer = recorded  # type: ignore[method-assign]  # records the plan; the answer is auto's own
    singles = [m for m in (methods or SINGLES[name])]
    opts = EvalOptions(methods=(*singles, "auto"), reader="auto", limit=limit, progress=False)
    run = run_eval(rag, dataset, opts)
    doc = run.metrics_document()
    truth = SETS[name][1]
    latency = {m: {r.question.id: r.prediction.latency_ms for r in rows} for m, rows in run.results.items()}
    rows: list[dict[str, Any]] = []
    for q in run.questions:
        a = seen.get(q.question)
        plan: dict[str, Any] = a.retrieval.plan if a is not None and a.retrieval.plan else {"steps": [], "fused": False}
        kinds = [str(s["kind"]) for s in plan["steps"]]
        ran = a.retrieval.method if a is not None else None
        rows.append(
            {
                "qid": q.id,
                "planned": kinds,
                "answered_from": answered_kind(plan, a.retrieval.notes if a else []),
                "candidates": len(plan["steps"]) + len(plan.get("dropped") or []),
                "calibrated": plan.get("calibrated") or {},
                "method": ran,
                "router": plan.get("router"),
                "decided": plan.get("decided"),
                "routed": plan.get("routed") or {},
                "auto_ms": latency.get("auto", {}).get(q.id),
                "picked_ms": latency.get(ran or "", {}).get(q.id),
                "truth": truth,
            }
        )
    # The questions the rules would fuse (several kinds planned, or kinds dropped by the calibration): run again
    # with the rules alone (calibration off: RRF, the most confident reader, as before), with score fusion, and
    # with calibrated fusion (the calibrated kinds' lists weighted), each on the same questions.
    lf: dict[str, Any] | None = None
    alone: dict[str, Any] | None = None
    if auto.fitted is not None and "auto" in run.results:
        understood = {a.understanding.text: a.understanding for a in seen.values() if a.understanding is not None}
        lf = label_free(rag, run, dataset, rows, understood)
        if auto.router == "hybrid":
            alone = label_free(rag, run, dataset, rows, understood, router="fitted")
    rule_t: dict[str, Any] | None = None
    if auto.titles != "off" and auto.title_rule.kinds and "auto" in run.results:
        # the same run's default before rule T: the questions rule T plans differently, run again without it
        understood = {a.understanding.text: a.understanding for a in seen.values() if a.understanding is not None}
        rule_t = label_free(rag, run, dataset, rows, understood, router=auto.router, options={"titles": "off"})
    fused_ids = {r["qid"] for r in rows if r["candidates"] > 1}
    fusion: dict[str, Any] = {"n": len(fused_ids)}
    if variants and fused_ids and "auto" in run.results:
        from tkgrag.eval.aggregate import aggregate

        sub = [q for q in run.questions if q.id in fused_ids]
        names = run.metric_names()
        fusion["default"] = aggregate(sub, [p for p in run.predictions("auto") if p.qid in fused_ids], names)["overall"]
        sub_ds = replace(dataset, questions=sub)
        for label, options in VARIANTS.items():
            other = TKGRag(store=rag.store, embedder=rag.embedder, settings=rag.settings)
            other.method_options["auto"] = options
            srun = run_eval(other, sub_ds, EvalOptions(methods=("auto",), reader="auto", progress=False))
            fusion[label] = srun.metrics_document()["methods"]["auto"]["overall"]
    return {
        "set": name,
        "metrics": doc,
        "rows": rows,
        "fusion": fusion,
        "label_free": lf,
        "router_alone": alone,
        "titles_off": rule_t,
    }


def accuracy_report(results: list[dict[str, Any]], meta: dict[str, Any]) -> str:
    parts = [
        "# `auto` against the single methods, per set, on one store",
        f"Store: {meta['store']}. Load before/after: {meta['load_before']} / {meta['load_after']}.",
        f"Command: `{meta['command']}`",
    ]
    for res in results:
        name, doc, rows = res["set"], res["metrics"], res["rows"]
        prim = PRIMARY[name]
        n = doc["questions"]
        head = f"| method ({n} questions) | " + " | ".join(prim) + " | latency p50 ms |"
        lines = [f"## {name} (truth: {SETS[name][1]})", head, "|---|" + "---|" * (len(prim) + 1)]
        for m, rep in doc["methods"].items():
            o = rep["overall"]
            vals = " | ".join(f"{o.get(p, float('nan')):.3f}" for p in prim)
            lines.append(f"| {m} | {vals} | {o.get('latency_ms_p50', float('nan')):.0f} |")
        for m, why in doc.get("skipped", {}).items():
            lines.append(f"| {m} | skipped: {why} |" + " |" * len(prim))
        singles = {m: r["overall"] for m, r in doc["methods"].items() if m != "auto"}
        if singles and "auto" in doc["methods"]:
            a = doc["methods"]["auto"]["overall"]
            for p in prim:
                best = max(singles, key=lambda m: singles[m].get(p) or 0.0)
                gap = (a.get(p) or 0.0) - (singles[best].get(p) or 0.0)
                lines.append(
                    f"\n{p}: auto {a.get(p):.3f}, best single {best} {singles[best].get(p):.3f}, "
                    f"auto - best = {gap:+.3f}"
                )
        truth = SETS[name][1]
        alone = sum(r["planned"] == [truth] for r in rows)
        fused_in = sum(len(r["planned"]) > 1 and truth in r["planned"] for r in rows)
        from_truth = sum(r["answered_from"] == truth for r in rows)
        lines.append(
            f"\nRouting ({len(rows)} questions; the set is the truth): planned {truth} alone {alone} "
            f"({alone / max(1, len(rows)):.1%}); fused with {truth} among the kinds {fused_in}; "
            f"wrong kind {len(rows) - alone - fused_in}. The answer came from {truth}: {from_truth} "
            f"({from_truth / max(1, len(rows)):.1%})."
        )
        for key, said in (
            ("label_free", "The label-free null alone (router off)"),
            ("router_alone", "The router alone"),
            ("titles_off", "Without rule T (the default before it)"),
        ):
            lf = res.get(key)
            if lf:
                lf_from = sum(r["answered_from"] == truth for r in lf["rows"].values())
                vals = ", ".join(f"{p} {lf['overall'].get(p, float('nan')):.3f}" for p in prim)
                lines.append(
                    f"\n{said}, same questions: {vals}; planned differently from the run's auto on {lf['differ']} "
                    f"(run again); the answer came from {truth}: {lf_from} ({lf_from / max(1, len(rows)):.1%})."
                )
        decided = [r.get("decided") for r in rows]
        if any(decided):
            lines.append(
                f"\nWho decided the kinds: the label-free rules {decided.count('rules')}, the fitted router "
                f"{decided.count('router')}, neither (no router asked) {sum(d is None for d in decided)}."
            )
        picked = [r for r in rows if r["method"] != "auto" and None not in (r["auto_ms"], r["picked_ms"])]
        if picked:
            a50 = statistics.median(r["auto_ms"] for r in picked)
            b50 = statistics.median(r["picked_ms"] for r in picked)
            used = sorted({r["method"] for r in picked})
            lines.append(
                f"\nLatency on the {len(picked)} questions auto ran one method for ({', '.join(used)}), same run: "
                f"auto p50 {a50:.0f} ms, that method p50 {b50:.0f} ms, ratio {a50 / b50:.2f} (aim <= 1.5)."
            )
        fusion = res["fusion"]
        if fusion.get("default"):
            cols = [p for p in (*prim, "R@10", "AR@10", "evidence_recall@10", "hit@10") if p in fusion["default"]]
            cols = list(dict.fromkeys(cols))
            lines.append(
                f"\nQuestions the rules would fuse ({fusion['n']}): auto variants (calibration+fusion), same ones\n"
            )
            lines.append("| auto | " + " | ".join(cols) + " |\n|---|" + "---|" * len(cols))
            for f in ("default", *VARIANTS):
                lines.append(f"| {f} | " + " | ".join(f"{fusion[f].get(c) or 0.0:.3f}" for c in cols) + " |")
        elif fusion["n"] == 0:
            lines.append("\nNo question of this set was fused.")
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def summary(mixed: list[Path], alone: list[Path], tuned: Path | None) -> str:
    """The aims across sets from ``accuracy`` runs' JSON: per set auto against its best single method on the mixed
    store (and on the set's own store where one ran), the router's kind right (all questions and the held-out ones:
    those not in the ``route`` sample ``tuned`` the planner change was looked at on), the kind the answer came from,
    auto's latency against the method it ran, RRF against score fusion."""
    seen: dict[str, set[str]] = {}
    if tuned is not None:
        routes = json.loads(tuned.read_text())["routes"]
        seen = {name: {str(r["qid"]) for r in rows} for name, rows in routes.items()}

    def results(paths: list[Path]) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for path in paths:
            doc = json.loads(path.read_text())
            for r in doc["results"]:
                out[r["set"]] = {**r, "meta": doc["meta"], "file": path.name}
        return out

    mix, own = results(mixed), results(alone)
    head = (
        "| set | metric | auto (mixed) | best single (mixed) | auto - best | best single on its own store | "
        "auto (mixed) - best (own) | auto on its own store |"
    )
    lines = [head, "|---|---|---|---|---|---|---|---|"]
    route_lines = [
        "| set | truth | questions | planned that kind alone | fused, kind among them | wrong kind | answer from "
        "that kind | held out: n | held out: planned alone | held out: answer from it |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    lat_lines = [
        "| set | questions auto ran one method for | methods | auto p50 ms | that method p50 ms | ratio (aim <= 1.5) |",
        "|---|---|---|---|---|---|",
    ]
    lf_lines = [
        "| set | metric | auto as run | auto, label-free null alone | planned differently | answer from the "
        "right kind: as run | label-free | auto, router alone | planned differently | answer from the right kind: "
        "router alone |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    fus_lines = [
        "| set | questions the rules fuse | metric | auto as run | " + " | ".join(VARIANTS) + " |",
        "|---|---|---|---|" + "---|" * len(VARIANTS),
    ]

    def best_of(methods: dict[str, Any], metric: str) -> tuple[str, float] | None:
        singles = {m: v.get(metric) for m, v in methods.items() if m != "auto" and v.get(metric) is not None}
        if not singles:
            return None
        m = max(singles, key=lambda x: singles[x])
        return m, float(singles[m])

    for name, r in mix.items():
        methods = r["metrics"]["methods"]
        for metric in (*PRIMARY[name], *SECONDARY.get(name, ())):
            a = methods.get("auto", {}).get(metric)
            b = best_of(methods, metric)
            o = own.get(name)
            ob = best_of(o["metrics"]["methods"], metric) if o else None
            oa = o["metrics"]["methods"].get("auto", {}).get(metric) if o else None
            cells = [
                f"{a:.3f}" if a is not None else "-",
                f"{b[0]} {b[1]:.3f}" if b else "-",
                f"{a - b[1]:+.3f}" if a is not None and b else "-",
                f"{ob[0]} {ob[1]:.3f} ({o['meta']['store'].split(' (')[0]})" if ob and o else "no own store run",
                f"{a - ob[1]:+.3f}" if a is not None and ob else "-",
                f"{oa:.3f}" if oa is not None else "-",
            ]
            lines.append(f"| {name} | {metric} | " + " | ".join(cells) + " |")
        rows, truth = r["rows"], SETS[name][1]
        held = [x for x in rows if str(x["qid"]) not in seen.get(name, set())]

        def share(xs: list[dict[str, Any]], ok: Any) -> str:
            k = sum(1 for x in xs if ok(x))
            return f"{k} ({k / len(xs):.1%})" if xs else "-"

        alone_ok = lambda x, t=truth: x["planned"] == [t]  # noqa: E731
        from_ok = lambda x, t=truth: x["answered_from"] == t  # noqa: E731
        fused = sum(len(x["planned"]) > 1 and truth in x["planned"] for x in rows)
        wrong = sum(truth not in x["planned"] for x in rows)
        route_lines.append(
            f"| {name} | {truth} | {len(rows)} | {share(rows, alone_ok)} | {fused} | {wrong} | {share(rows, from_ok)} "
            f"| {len(held)} | {share(held, alone_ok)} | {share(held, from_ok)} |"
        )
        lf = r.get("label_free")
        ra = r.get("router_alone")
        if lf:
            lf_rows = list(lf["rows"].values())
            for metric in PRIMARY[name]:
                a = methods.get("auto", {}).get(metric)
                other = (
                    f"{ra['overall'].get(metric, float('nan')):.3f} | {ra['differ']} "
                    f"| {share(list(ra['rows'].values()), from_ok)}"
                    if ra
                    else "- | - | -"
                )
                lf_lines.append(
                    f"| {name} | {metric} | {a:.3f} | {lf['overall'].get(metric, float('nan')):.3f} | {lf['differ']} "
                    f"| {share(rows, from_ok)} | {share(lf_rows, from_ok)} | {other} |"
                )
        one = [x for x in rows if x["method"] != "auto" and None not in (x["auto_ms"], x["picked_ms"])]
        if one:
            a50 = statistics.median(x["auto_ms"] for x in one)
            b50 = statistics.median(x["picked_ms"] for x in one)
            used = ", ".join(sorted({x["method"] for x in one}))
            lat_lines.append(f"| {name} | {len(one)} | {used} | {a50:.0f} | {b50:.0f} | {a50 / b50:.2f} |")
        f = r["fusion"]
        if f.get("default"):
            for metric in dict.fromkeys((*PRIMARY[name], "R@10", "AR@10", "evidence_recall@10")):
                if f["default"].get(metric) is not None:
                    vals = " | ".join(f"{(f.get(v) or {}).get(metric) or 0.0:.3f}" for v in VARIANTS)
                    fus_lines.append(f"| {name} | {f['n']} | {metric} | {f['default'][metric]:.3f} | {vals} |")
    tables = [lines, route_lines, lat_lines] + [t for t in (lf_lines, fus_lines) if len(t) > 2]
    return "\n\n".join(["\n".join(x) for x in tables]) + "\n"


PLAN_COLUMNS = ("alone", "fused", "other")  # every plan is exactly one of these (the cells sum to the class's n)


def plan_verdict(kinds: list[str], kind: str) -> str:
    """Where a plan (its kinds' names) puts a question of the labelled class ``kind``: the class's kind alone, fused
    with others, or not among the plan's kinds at all ("other"). A "none" question's right kind is chunks (the kind
    ``route_fitted`` sends a question like none of the labelled kinds to), so chunks alone is its right plan; for a
    labelled class, chunks alone is "other"."""
    target = "chunk" if kind == "none" else kind
    if kinds == [target]:
        return "alone"
    return "fused" if target in kinds else "other"


def heldout_row(name: str, kind: str, vs: list[tuple[str, str, bool]]) -> str:
    """One table row: per held-out question of class ``kind``, (the plan's verdict, the answer's kind, whether the
    plan is chunks alone); verdict "-" when the plan is unknown (the label-free null's rows store only its kind)."""
    n = len(vs)
    target = "chunk" if kind == "none" else kind
    right = sum(a == target for _, a, _ in vs)
    plan = [v for v, _, _ in vs]
    if plan[0] == "-":
        cells = " | ".join("-" for _ in (*PLAN_COLUMNS, "chunks alone"))
    else:
        counts = [plan.count(v) for v in PLAN_COLUMNS]
        if sum(counts) != n:
            raise AssertionError(f"heldout: {name}, class {kind}: plan cells {counts} do not sum to {n}")
        alone_chunks = sum(c for v, _, c in vs if v == "other")  # a "none" question's chunks alone is "alone"
        cells = " | ".join(f"{c} ({c / n:.0%})" for c in (*counts, alone_chunks))
    chunks = sum(a == "chunk" for _, a, _ in vs)
    return f"| {name} | {kind} | {n} | {right} ({right / n:.0%}) | {cells} | {chunks} ({chunks / n:.0%}) |"


def heldout(rows_path: Path, share: float, seed: int) -> str:
    """Held-out training questions: the fitted router's plans with and without the question vector, against the
    label-free null's (see the module doc). A percentile the row stores as 0.5 (no claim) is read as 0.5, where the
    live planner would pass None (rare; the replay is then not exactly the live plan). "Answer from its kind": the
    plan's one kind, or of a fused plan the best calibrated (as ``AutoRetriever.answer`` ranks answered kinds); a
    "none" question's kind is chunks."""
    from tkgrag.model import ItemKind
    from tkgrag.planning.planner import route_fitted
    from tkgrag.planning.router import CLASSES, FEATURES, PROBED, accuracy, fit
    from tkgrag.planning.router_training import Row, label_free_kind, split

    rows = [Row(**json.loads(line)) for line in rows_path.read_text().splitlines() if line.strip()]
    train_i, held_i = split(rows, [r.kind for r in rows], share, seed)
    present = frozenset(PROBED)
    pct_at = FEATURES.index(f"pct_{PROBED[0].value}")
    lines = [
        "| router | class | held out | answer from its kind | planned it alone | fused with it | without it "
        "| of which chunks alone | answer from chunks |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    # per router, per class: (the plan's verdict, the answer's kind, the plan is chunks alone)
    verdicts: dict[str, dict[str, list[tuple[str, str, bool]]]] = {}
    for name, emb in (("fitted, with the question vector", True), ("fitted, without it", False)):
        model = fit([rows[i].x(emb) for i in train_i], [rows[i].kind for i in train_i])
        acc = accuracy(model, [rows[i].x(emb) for i in held_i], [rows[i].kind for i in held_i])
        per: dict[str, list[tuple[str, str, bool]]] = {c: [] for c in CLASSES}
        for i in held_i:
            r = rows[i]
            cal: dict[ItemKind, float | None] = {k: r.features[pct_at + j] for j, k in enumerate(PROBED)}
            routed = route_fitted(model.probabilities(r.x(emb)), present, cal)
            kinds = list(routed[0]) if routed else []
            names = [k.value for k in kinds]
            answer = label_free_kind(kinds, {k.value: v for k, v in cal.items()})
            per[r.kind].append((plan_verdict(names, r.kind), answer, names == ["chunk"]))
        verdicts[f"{name} (argmax accuracy {acc:.3f})"] = per
    lf: dict[str, list[tuple[str, str, bool]]] = {c: [] for c in CLASSES}
    for i in held_i:
        r = rows[i]
        lf[r.kind].append(("-", r.label_free, False))
    verdicts["label-free null (as planned at measuring)"] = lf
    for name, per in verdicts.items():
        for c, vs in per.items():
            if vs:
                lines.append(heldout_row(name, c, vs))
    return "\n".join(lines)


def replay_label_free(features: list[float], margin: float) -> list[str]:
    """The label-free plan's kinds for one measured row (``router.FEATURES``), all four kinds present: rules 1-4
    (``planner.choose_kinds``) from the row's parse and link features, then ``calibration.keep`` at ``margin`` over
    the stored percentiles when the rules fuse. A percentile stored as 0.5 is read as 0.5 (the live planner may have
    had None, "no claim")."""
    from tkgrag.model import ItemKind
    from tkgrag.planning.calibration import keep
    from tkgrag.planning.planner import choose_kinds
    from tkgrag.planning.router import PROBED

    signals, pct = row_signals(features)
    kinds, _ = choose_kinds(signals, frozenset(PROBED))
    if len(kinds) > 1:
        cal: dict[ItemKind, float | None] = {k: pct[k] for k in kinds}
        kinds = tuple(keep(cal, margin)[0])
    return [k.value for k in kinds]


def margins(rows_path: Path, sweep: list[float]) -> str:
    """The label-free rules replayed on every measured training row (no store): does the replay at the planner's
    ``MARGIN`` agree with the kind recorded at measuring (the row's ``label_free``); per margin, per class, how many
    plans fuse several kinds (with the class's kind among them, and in all) and how many answers come from the
    class's kind (a "none" question's kind: chunks); and
    per class the median chunk percentile."""
    from tkgrag.planning.calibration import MARGIN
    from tkgrag.planning.router import CLASSES, FEATURES
    from tkgrag.planning.router_training import Row, label_free_kind

    rows = [Row(**json.loads(line)) for line in rows_path.read_text().splitlines() if line.strip()]
    by_class = {c: [r for r in rows if r.kind == c] for c in CLASSES}
    n = {c: len(rs) for c, rs in by_class.items()}

    def answer(r: Row, margin: float) -> str:
        from tkgrag.model import ItemKind

        kinds = [ItemKind(k) for k in replay_label_free(r.features, margin)]
        pct = {k.value: r.features[FEATURES.index(f"pct_{k.value}")] for k in kinds}
        return label_free_kind(kinds, dict(pct))

    agree = sum(answer(r, MARGIN) == r.label_free for r in rows)
    out = [
        f"The label-free rules replayed from the rows' features at margin {MARGIN:g} give the kind recorded at "
        f"measuring for {agree} of {len(rows)} rows.",
        "",
        "| margin | "
        + " | ".join(f"{c} (of {n[c]}): fused with its kind / all fused" for c in CLASSES)
        + " | answer from its kind ("
        + " / ".join(c for c in CLASSES)
        + "; none: chunks) |",
        "|---|" + "---:|" * len(CLASSES) + "---|",
    ]
    for m in sweep:
        fused = []
        for c in CLASSES:
            plans = [replay_label_free(r.features, m) for r in by_class[c]]
            own = sum(len(p) > 1 and ("chunk" if c == "none" else c) in p for p in plans)
            fused.append(f"{own} / {sum(len(p) > 1 for p in plans)}")
        right = [sum(answer(r, m) == ("chunk" if c == "none" else c) for r in by_class[c]) for c in CLASSES]
        now = " (now)" if abs(m - MARGIN) < 1e-12 else ""
        out.append(f"| {m:g}{now} | " + " | ".join(map(str, fused)) + " | " + " / ".join(map(str, right)) + " |")
    at = FEATURES.index("pct_chunk")
    out += [
        "",
        "| class | rows | median chunk percentile | rows whose chunk percentile is stored as 0.5 |",
        "|---|---:|---:|---:|",
    ]
    for c in CLASSES:
        pcts = [r.features[at] for r in by_class[c]]
        if pcts:
            half = sum(p == 0.5 for p in pcts)
            out.append(f"| {c} | {len(pcts)} | {statistics.median(pcts):.2f} | {half} |")
    return "\n".join(out)


def row_signals(features: list[float]) -> tuple[Any, dict[Any, float | None]]:
    """A measured row's (``router.FEATURES``) parse and link signals as the planner reads them, and its calibrated
    value per kind (a percentile stored as 0.5 is read as 0.5, where the live planner may have had None)."""
    import math

    from tkgrag.planning.planner import QuestionSignals
    from tkgrag.planning.router import FEATURES, PROBED

    f = dict(zip(FEATURES, features, strict=False))
    signals = QuestionSignals(
        temporal="yes" if f["temporal"] else "",
        linked_events=round(math.expm1(f["log1p_linked_events"])),
        linked_facts=round(math.expm1(f["log1p_linked_facts"])),
        states_time=bool(f["states_time"]),
    )
    return signals, {k: f[f"pct_{k.value}"] for k in PROBED}


HYBRID_SURE = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.01)  # the sweep written down before the replay (1.01: never)


def hybrid_table(rows: list[Any], model: Any, sweep: tuple[float, ...]) -> list[str]:
    """Per class of ``rows``, the answer's kind right under the label-free rules, the router alone and the hybrid
    at each ``sure``, with how many the rules decided (before calibration / by the lead) under the hybrid."""
    from tkgrag.model import ItemKind
    from tkgrag.planning.planner import RULES, hybrid, route_fitted
    from tkgrag.planning.router import CLASSES, PROBED
    from tkgrag.planning.router_training import label_free_kind

    present = frozenset(PROBED)
    by_class = {c: [r for r in rows if r.kind == c] for c in CLASSES}
    ways: dict[str, Any] = {"label-free": lambda r: replay_label_free(r.features, 0.1)}

    def alone(r: Any) -> list[str]:
        _, cal = row_signals(r.features)
        got = route_fitted(model.probabilities(r.x(model.embedding)), present, cal)
        return [k.value for k in got[0]] if got else []

    ways["router alone"] = alone
    decided: dict[str, dict[str, tuple[int, int]]] = {}
    for trusted, said in (
        (frozenset({ItemKind.EVENT, ItemKind.FACT}), "events, facts"),
        (frozenset({ItemKind.EVENT}), "events"),
    ):
        for sure in sweep:

            def way(r: Any, sure: float = sure, trusted: frozenset[Any] = trusted) -> list[str]:
                signals, cal = row_signals(r.features)
                probs = model.probabilities(r.x(model.embedding))
                return [k.value for k in hybrid(signals, present, probs, cal, sure=sure, trusted=trusted)[0]]

            name = f"hybrid, rule 3 trusted for {said}, sure {sure:g}"
            ways[name] = way
            decided[name] = {}
            for c, rs in by_class.items():
                before = lead = 0
                for r in rs:
                    signals, cal = row_signals(r.features)
                    probs = model.probabilities(r.x(model.embedding))
                    _, why, _, who = hybrid(signals, present, probs, cal, sure=sure, trusted=trusted)
                    before += who == RULES and "before any calibration" in why
                    lead += who == RULES and "leads the next" in why
                decided[name][c] = (before, lead)
    out = [
        "| plan | "
        + " | ".join(f"{c} (of {len(by_class[c])})" for c in CLASSES)
        + " | all | rules decided (before calibration + by the lead), per class |",
        "|---|" + "---:|" * (len(CLASSES) + 1) + "---|",
    ]
    for name, way in ways.items():
        cells = []
        total = 0
        for c in CLASSES:
            target = "chunk" if c == "none" else c
            right = 0
            for r in by_class[c]:
                kinds = way(r)
                _, cal = row_signals(r.features)
                pct = {k.value: v for k, v in cal.items()}
                right += label_free_kind([ItemKind(k) for k in kinds], pct) == target
            total += right
            cells.append(f"{right} ({right / max(len(by_class[c]), 1):.0%})")
        counts = decided.get(name)
        by = " / ".join(f"{c} {b}+{lead}" for c, (b, lead) in counts.items()) if counts else "-"
        out.append(f"| {name} | " + " | ".join(cells) + f" | {total} | {by} |")
    return out


def hybrid_replay(rows_path: Path, router_path: Path, share: float, seed: int, sweep: tuple[float, ...]) -> str:
    """The hybrid (``planner.hybrid``) replayed from the rows ``tkgrag train router`` measured (no store), with the
    saved router: on the held-out split (the router never saw these rows; where ``sure`` is chosen) and, for
    reference, on the training split (the router's own fitting rows: optimistic for it)."""
    from tkgrag.planning.router import Router
    from tkgrag.planning.router_training import Row, split

    model = Router.load(router_path)
    rows = [Row(**json.loads(line)) for line in rows_path.read_text().splitlines() if line.strip()]
    train_i, held_i = split(rows, [r.kind for r in rows], share, seed)
    out = [f"## Held out ({len(held_i)} rows; the router did not see them)", ""]
    out += hybrid_table([rows[i] for i in held_i], model, sweep)
    out += ["", f"## Training split ({len(train_i)} rows; the router was fitted on them)", ""]
    out += hybrid_table([rows[i] for i in train_i], model, sweep)
    return "\n".join(out)


def recalibrated(features: list[float], null: Any) -> list[float]:
    """A measured row's features (``router.FEATURES``) with each kind's percentile recomputed from its stored raw
    probe value in ``null`` (a ``calibration.Null``); no sample for a kind: 0.5, as ``Features.vector`` stores a
    missing value. The raw probe does not depend on the null, so this is the plan the live planner makes with it."""
    from tkgrag.planning.calibration import calibrate
    from tkgrag.planning.router import FEATURES, PROBED

    out = list(features)
    raw = {k: features[FEATURES.index(f"raw_{k.value}")] for k in PROBED}
    for k, v in calibrate(raw, null).items():
        out[FEATURES.index(f"pct_{k.value}")] = 0.5 if v is None else v
    return out


def compare_nulls(rows_path: Path, nulls: dict[str, Any], sweep: list[float]) -> str:
    """The label-free rules replayed on every measured training row with each null's percentiles
    (``recalibrated``): per null and margin, per class, the answers from the class's kind (a "none" question's
    kind: chunks) and the plans fusing several kinds; per null, per class, the median percentile of each kind."""
    from tkgrag.model import ItemKind
    from tkgrag.planning.calibration import MARGIN
    from tkgrag.planning.router import CLASSES, FEATURES, PROBED
    from tkgrag.planning.router_training import Row, label_free_kind

    rows = [Row(**json.loads(line)) for line in rows_path.read_text().splitlines() if line.strip()]
    by_class = {c: [r for r in rows if r.kind == c] for c in CLASSES}
    n = {c: len(rs) for c, rs in by_class.items()}

    def answer(features: list[float], margin: float) -> tuple[str, int]:
        kinds = [ItemKind(k) for k in replay_label_free(features, margin)]
        pct = {k.value: features[FEATURES.index(f"pct_{k.value}")] for k in kinds}
        return label_free_kind(kinds, dict(pct)), len(kinds)

    out = [
        "| null | margin | "
        + " | ".join(f"{c} (of {n[c]}): right / fused" for c in CLASSES)
        + " | right, all classes |",
        "|---|---|" + "---:|" * (len(CLASSES) + 1),
    ]
    medians = [
        "| null | class | " + " | ".join(f"median {k.value} percentile" for k in PROBED) + " |",
        "|---|---|" + "---:|" * len(PROBED),
    ]
    for name, null in nulls.items():
        feats = {id(r): recalibrated(r.features, null) for r in rows}
        for m in sweep:
            cells = []
            total = 0
            for c in CLASSES:
                target = "chunk" if c == "none" else c
                got = [answer(feats[id(r)], m) for r in by_class[c]]
                right = sum(a == target for a, _ in got)
                total += right
                cells.append(f"{right} ({right / max(n[c], 1):.0%}) / {sum(k > 1 for _, k in got)}")
            now = " (now)" if abs(m - MARGIN) < 1e-12 else ""
            out.append(f"| {name} | {m:g}{now} | " + " | ".join(cells) + f" | {total} of {len(rows)} |")
        for c in (c for c in CLASSES if by_class[c]):
            pcts = [
                statistics.median(feats[id(r)][FEATURES.index(f"pct_{k.value}")] for r in by_class[c]) for k in PROBED
            ]
            medians.append(f"| {name} | {c} | " + " | ".join(f"{v:.2f}" for v in pcts) + " |")
    return "\n".join(out) + "\n\n" + "\n".join(medians)


def build_nulls(rag: TKGRag, out: Path) -> dict[str, Any]:
    """Both sorts of null for the store (``planning.probe``; read from the cache or built), each written to
    ``out/null-<sort>.json`` with its pseudo-questions' sample shown for the question null."""
    from tkgrag.planning.calibration import NULLS_BY_NAME
    from tkgrag.planning.inventory import take_inventory
    from tkgrag.planning.probe import NULLS

    counts = take_inventory(rag.store, detailed=False).counts.by_kind()
    nulls: dict[str, Any] = {}
    out.mkdir(parents=True, exist_ok=True)
    for sort in NULLS_BY_NAME:
        t0 = time.perf_counter()
        null = NULLS.get(rag.store, rag.embedder, counts, sort)
        if null is None:
            raise SystemExit("nulls: the store holds fewer than two kinds (no null)")
        print(f"null {sort}: {time.perf_counter() - t0:.1f} s (0 when cached)", flush=True)
        (out / f"null-{sort}.json").write_text(json.dumps(null.as_dict()) + "\n")
        nulls[sort] = null
    return nulls


def question_samples(rag: TKGRag, per_kind: int) -> str:
    """The first ``per_kind`` pseudo-questions the question null makes of each kind's sample (what it probes with)."""
    from tkgrag.planning.inventory import take_inventory
    from tkgrag.planning.probe import sample_questions

    counts = take_inventory(rag.store, detailed=False).counts.by_kind()
    lines = []
    for kind, count in sorted(counts.items(), key=lambda kc: kc[0].value):
        qs = sample_questions(rag.store, kind, count)
        lines.append(
            f"- {kind.value} ({len(qs)} questions in the sample): " + "; ".join(f"`{q}`" for q in qs[:per_kind])
        )
    return "\n".join(lines)


def title_variants() -> dict[str, Any]:
    """Rule T's variants, written down before they were measured on the training questions (``titles``)."""
    from tkgrag.model import ItemKind
    from tkgrag.planning.planner import TITLES_OFF, TitleRule

    p, c = ItemKind.PASSAGE, ItemKind.CHUNK
    both = frozenset({p, c})
    return {
        "off (main)": TITLES_OFF,
        "pages and documents, any title": TitleRule(both),
        "pages and documents, a title no linked entity has": TitleRule(both, both),
        "pages any title, documents a title no linked entity has": TitleRule(both, frozenset({c})),
        "pages only, any title": TitleRule(frozenset({p})),
        "documents only, a title no linked entity has": TitleRule(frozenset({c}), frozenset({c})),
    }


def titles_replay(rag: TKGRag, questions: Path, share: float, seed: int) -> tuple[str, dict[str, Any]]:
    """Rule T's variants on labelled training questions (``make_router_training.py``'s file), planned on this store
    with the label-free rules (no router): per class, how often the answer's kind (the plan's one kind, or of a
    fused plan the best calibrated, as ``AutoRetriever.answer`` ranks answered kinds) is the class's kind ("none":
    chunks), on the held-out part (``router_training.split``, as ``tkgrag train router``) and on all rows."""
    from tkgrag.model import ItemKind
    from tkgrag.planning.planner import KIND_ORDER, plan
    from tkgrag.planning.router_training import label_free_kind, read_labelled, split

    labelled = read_labelled(questions)
    _, held_i = split(labelled, [q.kind for q in labelled], share, seed)
    held = set(held_i)
    auto = AutoRetriever(rag, router="off", titles="all")
    inv = auto.inventory()
    kinds = tuple(k for k in KIND_ORDER if k in inv.kinds)
    variants = title_variants()
    per_q: list[dict[str, Any]] = []
    for i, lq in enumerate(labelled):
        u = rag.understand(lq.question)
        sig = auto.signals(u, inv)
        assert auto.calibrator is not None
        m = auto.calibrator.measure(lq.question, kinds, inv.counts.by_kind())
        cal: dict[ItemKind, float | None] = dict(m.calibrated) if m is not None else {}
        row: dict[str, Any] = {
            "question": lq.question,
            "kind": lq.kind,
            "held_out": i in held,
            "titled": [[t.kind.value, t.title, t.in_graph] for t in sig.titled],
        }
        for name, rule in variants.items():
            p = plan(sig, inv, auto.fusion, calibrated=cal, titles=rule)
            row[name] = {
                "planned": [k.value for k in p.kinds],
                "answer": label_free_kind(p.kinds, {k.value: v for k, v in p.calibrated}),
            }
        per_q.append(row)
    classes = ["event", "fact", "passage", "none"]
    right_kind = {"event": "event", "fact": "fact", "passage": "passage", "none": "chunk"}
    lines = [
        "| variant | part | " + " | ".join(f"{c} (n)" for c in classes) + " | all | changed vs off: right / wrong |",
        "|---|---|" + "---|" * (len(classes) + 2),
    ]
    base = next(iter(variants))
    for name in variants:
        for part, keep_row in (("held out", lambda r: r["held_out"]), ("all", lambda r: True)):
            rows = [r for r in per_q if keep_row(r)]
            cells, total = [], 0
            for c in classes:
                rs = [r for r in rows if r["kind"] == c]
                ok = sum(r[name]["answer"] == right_kind[c] for r in rs)
                total += ok
                cells.append(f"{ok} ({len(rs)})")
            changed = [r for r in rows if r[name]["answer"] != r[base]["answer"]]
            fixed = sum(r[name]["answer"] == right_kind[r["kind"]] for r in changed)
            broke = sum(r[base]["answer"] == right_kind[r["kind"]] for r in changed)
            lines.append(
                f"| {name} | {part} | " + " | ".join(cells) + f" | {total} ({len(rows)}) | +{fixed} / -{broke} |"
            )
    return "\n".join(lines), {"rows": per_q}


def plan_operators(plan: Any) -> list[str]:
    """The operators of a query plan (``ResultSummary.plan`` / ``.profile``), depth first."""
    return [plan["operatorType"].split("@")[0]] + [op for c in plan.get("children", []) for op in plan_operators(c)]


def title_lookup(rag: TKGRag, data: Path, work: Path, sets: list[str]) -> tuple[str, dict[str, Any]]:
    """Rule T's title lookup by the stored keys (one index read per question, ``AutoRetriever.titles_written``)
    against the in-memory table it replaces (every title read once, ``auto.Titles``), on each set's questions, in one
    process: per question the (kind, key) pairs each finds, both lookups' wall time, and the plan with each (the same
    ``AutoRetriever`` settings; the old one's ``titles_written`` answered from the table). Then the lookup query's
    PROFILE on the longest question (its operators)."""
    from tkgrag.model import ItemKind
    from tkgrag.planning.auto import Titles
    from tkgrag.queries import inventory as q
    from tkgrag.title_keys import question_keys, question_words

    new = AutoRetriever(rag)
    old = AutoRetriever(rag)
    inv = new.inventory()
    old._inventory, old._taken_at = inv, new._taken_at
    kinds = [k for k in (ItemKind.PASSAGE, ItemKind.CHUNK) if k in inv.kinds and k in new.title_rule.kinds]
    t0 = time.perf_counter()
    names: dict[ItemKind, list[str]] = {}
    if ItemKind.PASSAGE in kinds:
        names[ItemKind.PASSAGE] = [r["title"] for r in rag.store.run(q.PAGE_TITLES, routing_="r")]
    if ItemKind.CHUNK in kinds:
        names[ItemKind.CHUNK] = [r["title"] for r in rag.store.run(q.DOCUMENT_TITLES, routing_="r")]
    table = Titles.of(names)
    read_ms = (time.perf_counter() - t0) * 1000
    old.titles_written = lambda inv, words: table.written(words)  # type: ignore[method-assign]
    rows: list[dict[str, Any]] = []
    longest = ""
    for name in sets:
        dataset = load_dataset(question_file(data, work, name))
        qs = dataset.questions[: LIMITS[name]] if LIMITS[name] is not None else dataset.questions
        for question in qs:
            text = question.question
            longest = max(longest, text, key=len)
            words = question_words(text)
            t1 = time.perf_counter()
            by_index = new.titles_written(inv, words)
            t2 = time.perf_counter()
            by_table = table.written(words)
            t3 = time.perf_counter()
            u = rag.understand(text)
            p_new = new.plan(RetrievalRequest.of(text, 10, understanding=u))
            p_old = old.plan(RetrievalRequest.of(text, 10, understanding=u))
            rows.append(
                {
                    "set": name,
                    "qid": str(question.id),
                    "keys": len(question_keys(words)),
                    "index": [[k.value, w] for k, _, w in by_index],
                    "table": [[k.value, w] for k, _, w in by_table],
                    "index_ms": (t2 - t1) * 1000,
                    "table_ms": (t3 - t2) * 1000,
                    "planned_new": [k.value for k in p_new.kinds],
                    "planned_old": [k.value for k in p_old.kinds],
                    "lines_same": p_new.lines() == p_old.lines(),
                    "why_new": p_new.why,
                }
            )
    keys = question_keys(question_words(longest))
    params = {
        "page_keys": keys if ItemKind.PASSAGE in kinds else [],
        "document_keys": keys if ItemKind.CHUNK in kinds else [],
    }
    with rag.store.driver.session(database=rag.store.database) as session:
        profile = session.run("PROFILE " + q.TITLES_BY_KEY, params).consume().profile
        explain_all = session.run("EXPLAIN " + q.TITLES_BY_KEY, {"page_keys": keys, "document_keys": keys})
        explained = explain_all.consume().plan
    ops, ops_all = plan_operators(profile), plan_operators(explained)
    lines = [
        "| set | questions | titles found: same (kind, key) by index and table | plans: same kinds | plans: same "
        "lines (why, calibration, steps) | rule T fired | index lookup p50 / p95 ms | in-memory lookup p50 / p95 ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name in [*sets, "all"]:
        rs = [r for r in rows if name in ("all", r["set"])]
        if not rs:
            continue
        same = sum(r["index"] == r["table"] for r in rs)
        kinds_same = sum(r["planned_new"] == r["planned_old"] for r in rs)
        lines_same = sum(r["lines_same"] for r in rs)
        fired = sum(bool(r["index"]) for r in rs)

        def pct(xs: list[float], p: float) -> float:
            xs = sorted(xs)
            return xs[min(len(xs) - 1, int(p * len(xs)))]

        ix, tb = [r["index_ms"] for r in rs], [r["table_ms"] for r in rs]
        lines.append(
            f"| {name} | {len(rs)} | {same} | {kinds_same} | {lines_same} | {fired} | "
            f"{statistics.median(ix):.2f} / {pct(ix, 0.95):.2f} | {statistics.median(tb):.3f} / {pct(tb, 0.95):.3f} |"
        )
    n_titles = sum(len(v) for v in names.values())
    said = (
        f"The in-memory table's read (every title of {', '.join(k.value + 's' for k in kinds)}: {n_titles:,} titles, "
        f"{sum(len(v) for v in table.by_kind.values()):,} keys) took {read_ms:.0f} ms, once per minute per process "
        f"before this change (a label scan of each kind). The index lookup: one read per question.\n\n"
        f"PROFILE of the lookup on the longest question ({len(keys)} keys; the kinds rule T reads): "
        f"{' -> '.join(ops)}; rows {profile.get('rows')}, db hits {profile.get('dbHits')}.\n"
        f"EXPLAIN with both kinds' keys: {' -> '.join(ops_all)}.\n"
    )
    doc = {"read_ms": read_ms, "titles": n_titles, "profile_ops": ops, "explain_ops": ops_all, "rows": rows}
    return "\n".join(lines) + "\n\n" + said, doc


def shown(argv: list[str]) -> str:
    """The command line as run, with the home folder written ``~`` (no machine-specific path in a report)."""
    home = str(Path.home())
    return "python benchmarks/bench_auto.py " + " ".join(a.replace(home, "~", 1) for a in argv)


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


def report(routes: dict[str, Any] | None, meta: dict[str, Any]) -> str:
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
    return "\n\n".join(parts) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "what",
        choices=[
            "load",
            "accuracy",
            "summary",
            "route",
            "latency",
            "inventory",
            "signals",
            "heldout",
            "margins",
            "hybrid",
            "nulls",
            "titles",
            "lookup",
        ],
    )
    ap.add_argument("--mixed", type=Path, action="append", default=[], help="summary: accuracy JSON, mixed store")
    ap.add_argument("--alone", type=Path, action="append", default=[], help="summary: accuracy JSON, own store")
    ap.add_argument("--tuned", type=Path, help="summary: the route JSON the planner change was looked at on")
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--rows", type=Path, help="heldout: the rows.jsonl `tkgrag train router` measured")
    ap.add_argument("--heldout", type=float, default=0.25, help="heldout: the share held out (as trained)")
    ap.add_argument("--questions", type=Path, help="titles: the labelled training questions (make_router_training.py)")
    ap.add_argument(
        "--margin", type=float, action="append", help="margins: a margin to replay (default 0, 0.05, 0.1, 0.2)"
    )
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--work", type=Path, default=Path("/tmp/bench_auto"))
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--set", dest="sets", action="append", help="load: facts, timeqa or musique; accuracy: a set")
    ap.add_argument("--method", dest="methods", action="append", help="accuracy: the single methods (default all)")
    ap.add_argument("--limit", type=int, help="accuracy: questions (default: the issue's sample size)")
    ap.add_argument("--name", default="accuracy", help="accuracy: the report's file stem")
    ap.add_argument(
        "--variants", action="store_true", help="accuracy: rerun the fused questions with the rules' fusion variants"
    )
    args = ap.parse_args()
    if args.what == "load":
        load(args.data, args.work, args.sets or ["facts", "timeqa", "musique"])
        return
    before = os.getloadavg()
    if args.what == "summary":
        print(summary(args.mixed, args.alone, args.tuned))
        return
    if args.what == "heldout":
        if args.rows is None:
            raise SystemExit("heldout: --rows ROWS.jsonl (written by `tkgrag train router`) is required")
        text = (
            "# `auto`'s fitted router on held-out training questions (with and without the question vector)\n\n"
            f"Command: `{shown(sys.argv[1:])}`\n\n" + heldout(args.rows, args.heldout, args.seed) + "\n"
        )
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / f"{args.name}.md").write_text(text)
        print(text)
        return
    if args.what == "hybrid":
        if args.rows is None:
            raise SystemExit("hybrid: --rows ROWS.jsonl (written by `tkgrag train router`) is required")
        text = (
            "# `auto`'s hybrid (label-free rules where sure, the fitted router for the rest) replayed on the "
            "router's measured training rows (no store)\n\n"
            f"Command: `{shown(sys.argv[1:])}`\n\n"
            + hybrid_replay(args.rows, args.rows.parent / "router.json", args.heldout, args.seed, HYBRID_SURE)
            + "\n"
        )
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / f"{args.name}.md").write_text(text)
        print(text)
        return
    if args.what == "margins":
        if args.rows is None:
            raise SystemExit("margins: --rows ROWS.jsonl (written by `tkgrag train router`) is required")
        text = (
            "# `auto`'s label-free rules replayed on the measured training rows (no store)\n\n"
            f"Command: `{shown(sys.argv[1:])}`\n\n" + margins(args.rows, args.margin or [0.0, 0.05, 0.1, 0.2]) + "\n"
        )
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / f"{args.name}.md").write_text(text)
        print(text)
        return
    if args.what == "nulls":
        if args.rows is None:
            raise SystemExit("nulls: --rows ROWS.jsonl (written by `tkgrag train router`) is required")
        with TKGRag.connect() as rag:
            c = rag.status().counts
            store = f"{c.events:,} events, {c.facts:,} facts, {c.passages:,} passages, {c.chunks:,} chunks"
            nulls = build_nulls(rag, args.out)
            samples = question_samples(rag, 4)
        text = (
            "# `auto`'s label-free rules replayed on the measured training rows: the item null against the question "
            "null\n\n"
            f"Store: {os.environ.get('TKGRAG_INSTANCE', 'default')} ({store}). Load before/after: "
            f"{' '.join(f'{x:.1f}' for x in before)} / {' '.join(f'{x:.1f}' for x in os.getloadavg())}.\n\n"
            f"Command: `{shown(sys.argv[1:])}`\n\n"
            + compare_nulls(args.rows, nulls, args.margin or [0.0, 0.05, 0.1, 0.2])
            + "\n\nThe question null's probe texts (the first 4 of each kind's sample):\n\n"
            + samples
            + "\n"
        )
        (args.out / f"{args.name}.md").write_text(text)
        print(text)
        return
    if args.what == "titles":
        if args.questions is None:
            raise SystemExit("titles: --questions FILE.jsonl (written by make_router_training.py) is required")
        with TKGRag.connect() as rag:
            c = rag.status().counts
            store = f"{c.events:,} events, {c.facts:,} facts, {c.passages:,} passages, {c.chunks:,} chunks"
            table, doc = titles_replay(rag, args.questions, args.heldout, args.seed)
        text = (
            "# `auto`'s rule T (a stored page's or document's whole title in the question) on the labelled training "
            "questions, label-free rules\n\n"
            f"Store: {os.environ.get('TKGRAG_INSTANCE', 'default')} ({store}). Load before/after: "
            f"{' '.join(f'{x:.1f}' for x in before)} / {' '.join(f'{x:.1f}' for x in os.getloadavg())}.\n\n"
            f"Command: `{shown(sys.argv[1:])}`\n\n"
            "The answer's kind right per class (held out: the 25% `tkgrag train router` holds out, seed 7; a "
            "\"none\" question's kind is chunks); the last column counts the questions whose answer's kind the "
            "variant changes against main, right after / right before.\n\n" + table + "\n"
        )
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / f"{args.name}.md").write_text(text)
        (args.out / f"{args.name}.json").write_text(json.dumps(doc, indent=1) + "\n")
        print(text)
        return
    if args.what == "lookup":
        with TKGRag.connect() as rag:
            c = rag.status().counts
            store = f"{c.events:,} events, {c.facts:,} facts, {c.passages:,} passages, {c.chunks:,} chunks"
            table, doc = title_lookup(rag, args.data, args.work, args.sets or list(SETS))
        text = (
            "# `auto`'s rule T: the title lookup by stored key (index) against the in-memory title table, same run\n\n"
            f"Store: {os.environ.get('TKGRAG_INSTANCE', 'default')} ({store}). Load before/after: "
            f"{' '.join(f'{x:.1f}' for x in before)} / {' '.join(f'{x:.1f}' for x in os.getloadavg())}.\n\n"
            f"Command: `{shown(sys.argv[1:])}`\n\n" + table
        )
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / f"{args.name}.md").write_text(text)
        (args.out / f"{args.name}.json").write_text(json.dumps(doc, indent=1) + "\n")
        print(text)
        return
    if args.what == "accuracy":
        results = []
        with TKGRag.connect() as rag:
            c = rag.status().counts
            store = f"{c.events:,} events, {c.facts:,} facts, {c.passages:,} passages, {c.chunks:,} chunks"
            for name in args.sets or list(SETS):
                limit = args.limit if args.limit is not None else LIMITS[name]
                results.append(accuracy(rag, args.data, args.work, name, args.methods, limit, args.variants))
                print(f"{name}: done, load {os.getloadavg()[0]:.1f}", flush=True)
        meta = {
            "store": f"{os.environ.get('TKGRAG_INSTANCE', 'default')} ({store})",
            "load_before": " ".join(f"{x:.1f}" for x in before),
            "load_after": " ".join(f"{x:.1f}" for x in os.getloadavg()),
            "command": "python benchmarks/bench_auto.py " + " ".join(sys.argv[1:]),
        }
        args.out.mkdir(parents=True, exist_ok=True)
        slim = [
            {**r, "metrics": {**r["metrics"], "methods": {m: v["overall"] for m, v in r["metrics"]["methods"].items()}}}
            for r in results
        ]
        (args.out / f"{args.name}.json").write_text(json.dumps({"meta": meta, "results": slim}, indent=1) + "\n")
        text = accuracy_report(results, meta)
        (args.out / f"{args.name}.md").write_text(text)
        print(text)
        return
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
        if args.what == "latency":
            lat = latency(rag, args.data, args.work, args.sets or ["timeqa", "musique", "tkgqa"], args.n, args.seed)
        else:
            routes = route(rag, args.data, args.n, args.seed)
    meta = {
        "store": store,
        "load_before": " ".join(f"{x:.1f}" for x in before),
        "load_after": " ".join(f"{x:.1f}" for x in os.getloadavg()),
        "command": "python benchmarks/bench_auto.py " + " ".join(sys.argv[1:]),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    if args.what == "latency":
        (args.out / "latency.json").write_text(json.dumps({"meta": meta, "latency": lat}, indent=1) + "\n")
        text = latency_report(lat, meta)
        (args.out / "latency.md").write_text(text)  # the figures; report.md says what they mean
        print(text)
        return
    (args.out / "routes.json").write_text(json.dumps({"meta": meta, "routes": routes}, indent=1) + "\n")
    text = report(routes, meta)
    (args.out / "report.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
