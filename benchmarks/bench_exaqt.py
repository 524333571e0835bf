"""EXAQT on TimeQuestions over TimeR4's KG slice: Stage-1 answer recall after each step (the paper's Table 6), the
answer graph's size, and P@1 / MRR / Hit@5 overall and per category (Tables 5 and 7), with two baselines in the same
run on the same questions:

* ``fact-vector+rank``: the top 25 facts of the fact vector index (the same number as EXAQT's relevant facts), read by
  the same answer ranking (same temporal constraints, same question entities excluded);
* ``vector+symbolic``: the project's event-style path, the ``vector`` retriever read by the symbolic reader.

``exaqt-learned`` is the same answer graph ranked by the learned scorer (``--scorer``, default the bundled
``tkgrag/data/exaqt_scorer.json``, trained on dev.json by ``benchmarks/train_exaqt_scorer.py``) instead of the
symbolic ranking, ``exaqt-relevance`` by the relevance of each answer's best fact (``scorer=relevance``),
``exaqt-relevance-free`` by that relevance alone (``exact_tiers=false``: the tiers are not constraints),
``exaqt-symbolic`` by the symbolic ranking, ``exaqt-rgcn`` by the R-GCN ranker (``--ranker``, default
``$TKGRAG_HOME/models/exaqt-ranker``, trained by ``tkgrag train exaqt-ranker``) with the exact temporal tiers as
constraints, ``exaqt-rgcn-features`` by the same model with the tiers as its features only, and ``exaqt-cross`` by the
relevance of each answer's best fact re-scored by the question-fact cross-encoder (``--cross``, default
``$TKGRAG_HOME/models/exaqt-cross``, trained by ``tkgrag train exaqt-cross``; ``--cross-weight`` its share, the tiers
as the default treats them, ``exact_tiers``): the rankings read
the same answer graphs in the same run. ``answerable`` (per method) is P@1 over the questions whose answer graph holds
a gold answer: the share of answerable questions right at rank 1. ``exaqt`` scores relevance with the fine-tuned
relevance model when one is there (``tkgrag train exaqt-relevance``; ``--set relevance_model=...``); ``exaqt-base``
(and its ``-learned``/``-relevance`` rankings) is the same pipeline with the base bi-encoder
(``relevance_model=base``), run on the same questions (``--no-base`` skips it).

Every ranking is judged as it is returned (since exaqt-6): P@1, MRR and Hit@5 read scores, so each ranking's answers
get ``ranking.monotone_scores`` (what the retriever hands to readers), not their own scores, which the exact tiers do
not follow; ``p@1_max_score`` keeps the figure as the rounds before measured it (the best own score as rank 1).

Set-up (once; the instance and ports are yours):

    export TKGRAG_INSTANCE=e-exaqt TKGRAG_BOLT_PORT=17741 TKGRAG_HTTP_PORT=17521
    python benchmarks/convert_timequestions_facts.py --slice --out /tmp/exaqt/slice_facts.jsonl
    tkgrag ingest facts /tmp/exaqt/slice_facts.jsonl --source timequestions-slice

Run:

    python benchmarks/bench_exaqt.py --limit 400 --out benchmarks/results/2026-11-25/exaqt

``--batched`` builds every answer graph first with ``ExaqtPipeline.build_many`` (each step of Stage 1 one round trip
per 32 questions: the same answer graphs, benchmarks/results/2026-11-26/exaqt-7), for accuracy runs; its latency is
the batch's time per question, not ``ask``'s.

``--limit N`` takes N questions round-robin across question types (``tkgrag.evaluation.runner.select_questions``).
Latency is the warm wall time of one question (after ``--warmup`` questions that are not counted). Answer recall
counts a question when a gold answer is stated by a fact of the stage: an entity answer as an entity of the fact
(QID or label), a literal as its value, a date answer by its year as the fact's start or end year (the slice's
README rule). Questions with several categories count under each.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag, answer_question
from tkgrag.eval.matching import parse_time, same_answer
from tkgrag.eval.metrics import hit_at, precision_at_1, reciprocal_rank
from tkgrag.eval.types import EvalQuestion, Prediction
from tkgrag.evaluation.runner import select_questions
from tkgrag.model import Evidence
from tkgrag.question.understanding import parse_only
from tkgrag.retrievers.base import RequestScope, RetrievalRequest
from tkgrag.retrievers.exaqt.answer_graph import STAGES, AnswerGraph, load_ranker
from tkgrag.retrievers.exaqt.cross import CrossScorer, load_cross
from tkgrag.retrievers.exaqt.ranker_graph import GraphScorer
from tkgrag.retrievers.exaqt.ranking import AnswerFact, RankedAnswer, monotone_scores, rank_answers
from tkgrag.retrievers.exaqt.retriever import ExaqtRetriever
from tkgrag.retrievers.exaqt.scorer import BUNDLED, AnswerScorer, LinearScorer, RelevanceScorer
from tkgrag.retrievers.exaqt.subgraph import GraphEntity
from tkgrag.retrievers.registry import method, parse_options
from tkgrag.retrievers.vector import VectorConfig, vector_items
from tkgrag.sources.benchmarks import load_dataset
from tkgrag.timing import StageTimer

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "timequestions"
CATEGORIES = ("Explicit", "Implicit", "Ordinal", "Temp.Ans")
METHODS = (
    "exaqt",
    "exaqt-symbolic",
    "exaqt-learned",
    "exaqt-relevance",
    "exaqt-relevance-free",
    "exaqt-rgcn",
    "exaqt-rgcn-features",
    "exaqt-cross",
    "exaqt-base",
    "exaqt-base-learned",
    "exaqt-base-relevance",
    "fact-vector+rank",
    "vector+symbolic",
)
HIT5 = hit_at(5)


def states(entities: Iterable[tuple[str, str]], value: str | None, years: set[int], q: EvalQuestion) -> bool:
    """Whether a fact with these entities (key, name), literal value and start/end years states a gold answer."""
    ents = list(entities)
    for g in q.answers:
        for form in g.forms:
            if any(same_answer(k, form) or same_answer(n, form) for k, n in ents):
                return True
            if value is not None and same_answer(value, form):
                return True
            t = parse_time(form)
            if t is not None and t.start is not None and t.start.year in years:
                return True
    return False


def stage_recall(ag: AnswerGraph, q: EvalQuestion) -> dict[str, float]:
    out = {}
    for stage in STAGES:
        hit = False
        for f in ag.stage(stage):
            years = {d.year for d in (f.span.start, f.span.end) if d is not None}
            if states(((e.key, e.name) for e in f.entities), f.value, years, q):
                hit = True
                break
        out[stage] = float(hit)
    return out


def evidence_states(items: Sequence[Evidence], q: EvalQuestion) -> float:
    for e in items:
        ents = [(e.subject, e.subject_name)]
        value = None
        if e.fields.get("object_name"):
            ents.append((e.object, e.object_name))
        else:
            value = e.object
        years = {d.year for d in (e.span.start, e.span.end) if d is not None}
        if states(ents, value, years, q):
            return 1.0
    return 0.0


def as_answer_facts(items: Sequence[Evidence]) -> list[AnswerFact]:
    out = []
    for e in items:
        ents = [GraphEntity(e.subject, -1, e.subject_name)]
        if e.fields.get("object_name"):
            ents.append(GraphEntity(e.object, -1, e.object_name))
        out.append(AnswerFact(e, max(0.0, min(1.0, e.score)), False, tuple(ents)))
    return out


def at_year(q: EvalQuestion) -> EvalQuestion:
    """The question with its date answers also accepting their year (``p@1_year``: the slice states years only, so a
    day-precise gold such as 1852-01-06 cannot be matched exactly; reported beside the strict figure, never for it)."""
    golds = []
    for g in q.answers:
        t = parse_time(g.text)
        if t is not None and t.start is not None:
            g = replace(g, aliases=(*g.aliases, f"{t.start.year:04d}"))
        golds.append(g)
    return replace(q, answers=tuple(golds))


def scores(q: EvalQuestion, answers: Sequence[str], values: Sequence[float] | None) -> dict[str, float]:
    p = Prediction(q.id, answers=tuple(answers), scores=tuple(values) if values is not None else None)
    return {
        "p@1": precision_at_1(q, p),
        "mrr": reciprocal_rank(q, p),
        "hit@5": HIT5(q, p) or 0.0,
        "p@1_year": precision_at_1(at_year(q), p),
    }


def ranked_scores(q: EvalQuestion, ranked: Sequence[RankedAnswer], exact: bool) -> dict[str, float]:
    """The metrics of a ranking as it is returned, from ``monotone_scores`` as the retriever hands them to readers
    (the metrics read scores, and an answer's own score does not follow the order where the exact tiers put a
    lower-scored answer first). ``p@1_max_score`` is P@1 read from the answers' own scores, as the rounds before
    exaqt-6 measured it, for comparison."""
    texts = [a.text for a in ranked]
    out = scores(q, texts, monotone_scores(ranked, exact))
    out["p@1_max_score"] = precision_at_1(q, Prediction(q.id, tuple(texts), tuple(a.score for a in ranked)))
    return out


def mean(xs: Sequence[float]) -> float | None:
    return round(sum(xs) / len(xs), 4) if xs else None


def summarise(rows: list[dict[str, Any]], questions: list[EvalQuestion]) -> dict[str, Any]:
    groups: dict[str, list[int]] = {"overall": list(range(len(questions)))}
    for i, q in enumerate(questions):
        qtypes = q.meta.get("qtypes")
        for c in qtypes if isinstance(qtypes, list) else []:
            groups.setdefault(str(c), []).append(i)
    out: dict[str, Any] = {}
    for name, idx in groups.items():
        sub = [rows[i] for i in idx]
        entry: dict[str, Any] = {"n": len(sub)}
        for key in sub[0]:
            if key == "latency_ms":
                continue
            entry[key] = mean([r[key] for r in sub if r.get(key) is not None])
        out[name] = entry
    return out


def _qtypes(q: EvalQuestion) -> list[str]:
    qtypes = q.meta.get("qtypes")
    return [str(t) for t in qtypes] if isinstance(qtypes, list) else []


def answerable_shares(per: dict[str, list[dict[str, Any]]], questions: list[EvalQuestion]) -> dict[str, Any]:
    """Per exaqt ranking: P@1 over the questions whose answer graph holds a gold answer (overall and per category)."""
    hit = [i for i, r in enumerate(per["exaqt"]) if r.get("answer_graph") == 1.0]
    out: dict[str, Any] = {"questions": len(hit)}
    for m, rows in per.items():
        if not m.startswith("exaqt") or m.startswith("exaqt-base") or len(rows) != len(questions):
            continue
        entry: dict[str, Any] = {"overall": mean([rows[i]["p@1"] for i in hit])}
        for c in CATEGORIES:
            idx = [i for i in hit if c in _qtypes(questions[i])]
            entry[c] = mean([rows[i]["p@1"] for i in idx])
        out[m] = entry
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--questions", type=Path, default=DATA / "questions" / "test_dev_half.json")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--no-baselines", action="store_true")
    ap.add_argument("--no-base", action="store_true", help="skip exaqt-base (the base bi-encoder pipeline)")
    ap.add_argument("--set", action="append", default=[], help="an exaqt option NAME=VALUE (repeatable)")
    ap.add_argument("--scorer", type=Path, default=BUNDLED, help="the learned scorer for exaqt-learned")
    ap.add_argument("--base-scorer", type=Path, default=BUNDLED, help="the learned scorer for exaqt-base-learned")
    ap.add_argument("--ranker", default="exaqt-ranker", help="the R-GCN ranker (a model name or folder)")
    ap.add_argument("--cross", default="exaqt-cross", help="the question-fact cross-encoder (a model name or folder)")
    ap.add_argument(
        "--cross-weight", type=float, default=None, help="its share of the facts' relevance (default: cross_weight)"
    )
    ap.add_argument(
        "--cross-exact", action="store_true", help="exaqt-cross with the tiers exact (default: as exact_tiers says)"
    )
    ap.add_argument(
        "--batched",
        action="store_true",
        help="build the answer graphs in batches first (ExaqtPipeline.build_many: the same graphs, faster, exaqt-7); "
        "latency is then the batch's time per question, not one question's (`ask`'s) wall time",
    )
    args = ap.parse_args()

    load_start = [round(x, 2) for x in os.getloadavg()]
    print(f"load average at start: {load_start}", flush=True)
    ds = load_dataset(args.questions, format="timequestions")
    questions = select_questions(ds.questions, args.limit)
    args.out.mkdir(parents=True, exist_ok=True)
    with TKGRag.connect() as rag:
        recipe = method("exaqt")
        config = recipe.configured(**parse_options(recipe, args.set))
        exaqt = ExaqtRetriever(rag.store, rag.embedder, config)
        base_config = replace(config, relevance_model="base")
        base_exaqt = None if args.no_base else ExaqtRetriever(rag.store, rag.embedder, base_config)
        print(exaqt.pipeline.relevance_note, flush=True)
        learned = LinearScorer.load(args.scorer)
        rerankers: dict[str, AnswerScorer | GraphScorer | CrossScorer | None] = {
            "symbolic": None,
            "learned": learned,
            "relevance": RelevanceScorer(),
            "relevance-free": RelevanceScorer(),
        }
        base_rerankers: dict[str, AnswerScorer | GraphScorer | None] = {
            "learned": LinearScorer.load(args.base_scorer),
            "relevance": RelevanceScorer(),
        }
        ranker, ranker_note = load_ranker(args.ranker, exact=True)
        print(ranker_note, flush=True)
        if ranker is not None:
            from tkgrag.retrievers.exaqt.rgcn import RgcnScorer

            assert isinstance(ranker, RgcnScorer)
            rerankers["rgcn"] = ranker
            rerankers["rgcn-features"] = ranker.with_exact(False)
        cross_weight = config.cross_weight if args.cross_weight is None else args.cross_weight
        cross, cross_note = load_cross(args.cross, cross_weight)
        print(cross_note, flush=True)
        if cross is not None:
            rerankers["cross"] = cross

        vector = rag.retriever("vector")
        symbolic = rag.reader("symbolic")
        for q in questions[: args.warmup]:
            exaqt.answer_graph(RetrievalRequest.of(q.question, 10, understanding=parse_only(q.question)))
            if base_exaqt is not None:
                base_exaqt.answer_graph(RetrievalRequest.of(q.question, 10, understanding=parse_only(q.question)))
        per: dict[str, list[dict[str, Any]]] = {m: [] for m in METHODS}
        sizes: list[int] = []
        stage_ms: dict[str, list[float]] = {}
        t_start = time.perf_counter()
        built: list[AnswerGraph] = []
        base_built: list[AnswerGraph] = []
        if args.batched:
            timer = StageTimer()
            inputs = [(q.question, parse_only(q.question).question) for q in questions]
            # no worker thread: one StageTimer over two threads would sum overlapping stages (review-9 N4)
            built = exaqt.pipeline.build_many(inputs, timer, prefetch=False)
            batch_ms = (time.perf_counter() - t_start) * 1000.0 / max(1, len(questions))
            for stage, ms in timer.timings_ms.items():
                stage_ms[stage] = [ms / max(1, len(questions))]
            if base_exaqt is not None:
                base_built = base_exaqt.pipeline.build_many(inputs)
            print(f"answer graphs built in batches: {batch_ms:.1f} ms per question", flush=True)
        with (args.out / "predictions.jsonl").open("w", encoding="utf-8") as fh:
            for n, q in enumerate(questions, 1):
                request = RetrievalRequest.of(q.question, 10, understanding=parse_only(q.question))
                if built:
                    ag, latency = built[n - 1], batch_ms
                else:
                    timer = StageTimer()
                    t0 = time.perf_counter()
                    ag = exaqt.answer_graph(request, timer)
                    latency = (time.perf_counter() - t0) * 1000.0
                    for stage, ms in timer.timings_ms.items():
                        stage_ms.setdefault(stage, []).append(ms)
                sizes.append(len(ag.stage_facts.get("answer_graph", [])))
                answers = [a.text for a in ag.answers]
                default_exact = config.rgcn_exact if config.scorer == "rgcn" else config.exact_tiers
                row = {**stage_recall(ag, q), **ranked_scores(q, ag.answers, default_exact)}
                row["latency_ms"] = latency
                per["exaqt"].append(row)
                record: dict[str, Any] = {}
                for rname, scorer in rerankers.items():
                    # the cross-encoder ranking treats the tiers as the default (relevance) does
                    if rname == "cross":
                        exact = args.cross_exact or config.exact_tiers
                    else:
                        exact = not rname.endswith(("-free", "-features"))
                    ra = exaqt.pipeline.rank(ag, scorer, exact)
                    per[f"exaqt-{rname}"].append(ranked_scores(q, ra, exact))
                    if rname.startswith(("rgcn", "cross")):
                        record[f"exaqt-{rname}"] = [a.text for a in ra[:5]]
                relearned = exaqt.pipeline.rank(ag, learned)
                record = {
                    **record,
                    "qid": q.id,
                    "question": q.question,
                    "qtypes": q.meta.get("qtypes"),
                    "gold": [a.text for a in q.answers],
                    "entities": ag.question_entities,
                    "exaqt": answers[:5],
                    "exaqt-learned": [a.text for a in relearned[:5]],
                    "stage_facts": {s: len(v) for s, v in ag.stage_facts.items()},
                    "exaqt_scores": {k: v for k, v in row.items() if k != "latency_ms"},
                    # the answers' features, so another learned scorer can re-rank this run offline
                    "exaqt_answers": [
                        {"text": a.text, "score": a.score, "features": a.features} for a in ag.answers[:100]
                    ],
                }
                if base_exaqt is not None:
                    bg = base_built[n - 1] if base_built else base_exaqt.answer_graph(request)
                    base_scores = ranked_scores(q, bg.answers, default_exact)
                    per["exaqt-base"].append({**stage_recall(bg, q), **base_scores})
                    for rname, scorer in base_rerankers.items():
                        ra = base_exaqt.pipeline.rank(bg, scorer, True)
                        per[f"exaqt-base-{rname}"].append(ranked_scores(q, ra, True))
                    record["exaqt-base"] = [a.text for a in bg.answers[:5]]
                    record["base_stage_facts"] = {s: len(v) for s, v in bg.stage_facts.items()}
                if not args.no_baselines:
                    items = vector_items(
                        rag.store,
                        rag.embedder,
                        VectorConfig(),
                        RequestScope.of(vector, request),
                        q.question,
                        25,
                        StageTimer(),
                    )
                    ranked = rank_answers(as_answer_facts(items), ag.ask, ag.question_entities)
                    base = ranked_scores(q, ranked, True)
                    per["fact-vector+rank"].append({"answer_graph": evidence_states(items, q), **base})
                    record["fact-vector+rank"] = [a.text for a in ranked[:5]]
                    ans = answer_question(rag.understand(q.question), vector, symbolic, 10)
                    texts = [a.text for a in ans.answers]
                    vals = [float(a.score) for a in ans.answers]
                    per["vector+symbolic"].append(scores(q, texts, vals))
                    record["vector+symbolic"] = texts[:5]
                # every ranking's P@1 on this question, for paired differences (benchmarks/exaqt_tables.py --paired)
                record["p@1"] = {m: rows[-1]["p@1"] for m, rows in per.items() if len(rows) == n}
                record["answerable"] = row["answer_graph"]
                fh.write(json.dumps(record, ensure_ascii=False) + "\n")
                if n % 50 == 0:
                    done = time.perf_counter() - t_start
                    p1 = mean([r["p@1"] for r in per["exaqt"]])
                    print(f"{n}/{len(questions)} questions, {done:.0f} s, exaqt P@1 so far {p1}", flush=True)
    lat = [r["latency_ms"] for r in per["exaqt"]]
    doc = {
        "questions": len(questions),
        "path": str(args.questions),
        "limit": args.limit,
        "exaqt_options": args.set,
        "scorers": {"exaqt-learned": str(args.scorer), "exaqt-base-learned": str(args.base_scorer)},
        "relevance": exaqt.pipeline.relevance_note,
        "answer_graph_facts": {"mean": mean([float(s) for s in sizes]), "median": statistics.median(sizes)},
        "answer_graphs_batched": args.batched,
        "exaqt_latency_ms": {
            "p50": round(statistics.median(lat), 1),
            "p90": round(statistics.quantiles(lat, n=10)[-1], 1) if len(lat) >= 10 else None,
            "mean": round(statistics.fmean(lat), 1),
        },
        "exaqt_stage_ms_p50": {s: round(statistics.median(v), 1) for s, v in stage_ms.items()},
        "methods": {m: summarise(rows, questions) for m, rows in per.items() if rows},
        "answerable": answerable_shares(per, questions),
        "ranker": ranker_note,
        "cross": cross_note,
        "cross_exact": args.cross_exact,
        "load_average": {"start": load_start, "end": [round(x, 2) for x in os.getloadavg()]},
    }
    (args.out / "metrics.json").write_text(json.dumps(doc, indent=2), encoding="utf-8")
    print(json.dumps(doc, indent=2))


if __name__ == "__main__":
    main()
