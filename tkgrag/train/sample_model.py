"""A small time-aware retriever for the demo on a fresh machine, so `make demo` shows TimeR4 without the full
training run: questions generated from the demo's own sample KG by the training generator, minus every fact, day
and month the sample questions touch, and a short fine-tune. It shows the pipeline; its figures are not the
method's (those come from `tkgrag train retriever` on the generated ICEWS05-15 questions)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tkgrag.checkpoints import CheckpointError
from tkgrag.train.card import write_card
from tkgrag.train.questions import KG, Exclusion, QuestionMaker, split_of, write_jsonl
from tkgrag.train.retriever import TrainConfig, TrainReport, train

SAMPLE_MODEL = "timer4-retriever-sample"  # under $TKGRAG_HOME/models/, beside the real model


def train_sample_retriever(
    kg_tsv: Path,
    held_out: Iterable[dict[str, Any]],
    out: Path,
    *,
    questions: int = 400,
    steps: int = 60,
    seed: int = 13,
) -> TrainReport:
    """Generate ``questions`` from ``kg_tsv`` (never about ``held_out``'s facts, days or months), fine-tune for
    ``steps`` into ``out`` (resumable like any training run) and write its model card."""
    exclusion = Exclusion()
    exclusion.add_questions(held_out)
    maker = QuestionMaker(KG.read(kg_tsv), exclusion, seed)
    rows = []
    for q in maker.questions(questions):
        row = q.as_json()
        row["split"] = split_of(row, 0.1)
        rows.append(row)
    data = out / "training.jsonl"
    write_jsonl(data, rows)
    config = TrainConfig(data=data, out=out, steps=steps, seed=seed)
    try:
        report = train(config)
    except CheckpointError:  # a checkpoint left by an older version (or damaged): the demo's own folder, start over
        report = train(config, fresh=True)
    write_card(config, report, wall_note="(a demo-sized model: questions from the demo's sample KG)")
    return report
