"""Issue 29, P@1 levers for EXAQT's answer ranking, judged on held-out dev.json questions only (the relevance model's
and the ranker's held-out 10% by id hash); weights are picked on training-split questions. Never the test half.

``features GRAPHS``: over a ranker cache (``graphs.npz`` of ``tkgrag train exaqt-ranker``), P@1 of relevance plus
``w`` x one answer feature (type agreement, fact-level temporal fit, named in the question, relation match, ...).

``asked-type``: the noun right after "what"/"which" ("what team", "which country") against the stems of the answer's
best fact's relation and of its name, as a bonus ``w`` to relevance; the answer graphs of the held-out questions and
of the first 700 training-split questions are built with ``ExaqtPipeline.build_many`` (instance from the env).

    python benchmarks/exaqt_lever_study.py features $TKGRAG_HOME/models/exaqt-ranker/graphs.npz
    python benchmarks/exaqt_lever_study.py asked-type
"""

from __future__ import annotations

import argparse
import os
import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

# Relative to the working directory (the repo root), as the other benchmarks' ``--data`` defaults.
DEV = Path("../shared/data/timequestions/questions/dev.json")
LEVERS = (
    "a_type_match",
    "a_fits",
    "a_violates",
    "a_named_in_question",
    "a_relation_match",
    "a_context",
    "a_anchored",
    "a_subject",
    "a_event_for_time",
)
WEIGHTS = (-0.3, -0.2, -0.1, -0.05, 0.05, 0.1, 0.2, 0.3)
NO_TYPE = frozenset(
    [
        "is",
        "was",
        "were",
        "are",
        "did",
        "does",
        "do",
        "has",
        "had",
        "have",
        "the",
        "a",
        "an",
        "year",
        "years",
        "time",
        "date",
        "day",
        "month",
        "name",
        "kind",
        "type",
    ]
)


def features(path: Path) -> None:
    from tkgrag.retrievers.exaqt.ranker_graph import FEATURES
    from tkgrag.train.exaqt_ranker import CachedGraphs

    cache = CachedGraphs.load(path)
    col = {n: FEATURES.index(n) for n in FEATURES}

    def p1(idx: Sequence[int], weights: dict[str, float]) -> float:
        hits = 0
        for i in idx:
            g = cache.graphs[i]
            if g.answers == 0:
                continue
            a = g.x[: g.answers]
            s = a[:, col["a_relevance"]].astype(np.float64).copy()
            for name, w in weights.items():
                s += w * a[:, col[name]]
            hits += bool(cache.gold[i][int(np.argmax(s))])  # ties: the symbolic order, as the ranking breaks them
        return hits / len(idx)

    val = [i for i in range(len(cache)) if cache.validation[i]]
    train = [i for i in range(len(cache)) if not cache.validation[i]]
    answerable = sum(bool(cache.gold[i].any()) for i in val)
    print(f"training {len(train)}, held-out {len(val)} ({answerable} answerable)")
    print(f"relevance alone: training {p1(train, {}):.3f} held-out {p1(val, {}):.3f}")
    for lever in LEVERS:
        score, w = max(((p1(train, {lever: w}), w) for w in WEIGHTS), key=lambda t: t[0])
        print(f"{lever}: w {w:+.2f} (picked on training) training {score:.3f} held-out {p1(val, {lever: w}):.3f}")


def asked_type(question: str) -> str | None:
    from tkgrag.question.relations import stem

    m = re.search(r"\b(?:which|what)\s+([a-z]+)", question.lower())
    return None if m is None or m.group(1) in NO_TYPE else stem(m.group(1))


def agrees(asked: str, name: str, relation: str) -> bool:
    from tkgrag.question.relations import content_stems, dice

    return dice(frozenset({asked}), content_stems(relation) | content_stems(name)) > 0


def asked_types(questions_path: Path) -> None:
    from tkgrag.api import TKGRag
    from tkgrag.eval import load_dataset
    from tkgrag.eval.matching import is_correct
    from tkgrag.question.understanding import parse_only
    from tkgrag.retrievers.exaqt.ranking import FEATURES
    from tkgrag.retrievers.exaqt.retriever import ExaqtRetriever
    from tkgrag.retrievers.registry import method
    from tkgrag.train.exaqt_relevance import is_validation

    qs = load_dataset(questions_path, format="timequestions").questions
    splits = {
        "held-out": [q for q in qs if is_validation(q.id, 10)],
        "training": [q for q in qs if not is_validation(q.id, 10)][:700],
    }
    rel = FEATURES.index("relevance")
    rows: dict[str, list[tuple[str, list[tuple[str, str, float, bool]]]]] = {}
    print(f"load {os.getloadavg()}", flush=True)
    t0 = time.perf_counter()
    with TKGRag.connect() as rag:
        pipeline = ExaqtRetriever(rag.store, rag.embedder, method("exaqt").configured()).pipeline
        for split, group in splits.items():
            graphs = pipeline.build_many([(q.question, parse_only(q.question).question) for q in group])
            rows[split] = []
            for q, ag in zip(group, graphs, strict=True):
                relation = {f.evidence.key: str(f.evidence.fields.get("relation", "")) for f in ag.facts}
                answers = [
                    (a.name, relation.get(a.fact, ""), float(a.features[rel]), is_correct(a.text, q.answers))
                    for a in ag.answers
                ]
                rows[split].append((q.question, answers))
    print(f"answer graphs built in {time.perf_counter() - t0:.0f} s; load {os.getloadavg()}")

    def p1(split: str, w: float) -> float:
        hits = 0
        for question, answers in rows[split]:
            if not answers:
                continue
            t = asked_type(question)

            def score(i: int, t: str | None = t, answers: Any = answers) -> tuple[float, int]:
                name, relation, relevance, _ = answers[i]
                return (relevance + (w * agrees(t, name, relation) if t else 0.0), -i)

            hits += answers[max(range(len(answers)), key=score)][3]
        return hits / len(rows[split])

    typed = {s: sum(1 for q, _ in r if asked_type(q)) for s, r in rows.items()}
    print(f"questions with an asked type: {typed}")
    for w in (0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5):
        print(f"w {w}: training {p1('training', w):.3f} held-out {p1('held-out', w):.3f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("features")
    f.add_argument("graphs", type=Path)
    a = sub.add_parser("asked-type")
    a.add_argument("--questions", type=Path, default=DEV)
    args = p.parse_args()
    if args.cmd == "features":
        features(args.graphs)
    else:
        asked_types(args.questions)


if __name__ == "__main__":
    main()
